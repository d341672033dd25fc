// Personal settings editor webview, on top of media/common.js (`ready`, requests). Speaks
// src/webviews/settings/protocol.ts: sends `settings/save` (request); receives
// `settings/didChange` (notification) and the replies. All text goes in through textContent.
// What the user changed lives in webview state (getState/setState) so nothing typed is lost when
// the panel is hidden or a save fails, EXCEPT passwords: they stay in the DOM only.
// @ts-check
(function () {
  const { vscode, el, request, onNotification, ready } = /** @type {any} */ (window).teamChat;
  const root = /** @type {HTMLElement} */ (document.getElementById('settings'));

  /**
   * @typedef {{ dirty: Record<string, string|number|boolean>, target: { userIds: number[], groupIds: string, skip: boolean },
   *   fieldErrors: Record<string, string>, banner?: { kind: 'info'|'warning'|'error', lines: string[] } }} State
   */
  /** @type {State} */
  const state = Object.assign(
    { dirty: {}, target: { userIds: [], groupIds: '', skip: false }, fieldErrors: {}, banner: undefined },
    vscode.getState() || {},
  );
  /** Passwords: never in state, never posted except inside a save request. */
  const secrets = { old_password: '', new_password: '' };
  /** @type {any} */
  let model;
  let saving = false;

  const isSecret = (/** @type {string} */ name) => name === 'old_password' || name === 'new_password';
  const ACCOUNT = new Set(['full_name', 'email', 'old_password', 'new_password']);

  function persist() {
    vscode.setState({ dirty: state.dirty, target: state.target, fieldErrors: state.fieldErrors, banner: state.banner });
  }

  function fields() {
    return model ? model.groups.flatMap((/** @type {any} */ g) => g.fields) : [];
  }

  function changes() {
    /** @type {Record<string, any>} */
    const out = {};
    for (const f of fields()) {
      if (isSecret(f.name)) {
        if (secrets[f.name]) out[f.name] = secrets[f.name];
      } else if (Object.prototype.hasOwnProperty.call(state.dirty, f.name) && state.dirty[f.name] !== f.value) {
        out[f.name] = state.dirty[f.name];
      }
    }
    return out;
  }

  function shown(f) {
    if (isSecret(f.name)) return secrets[f.name];
    return Object.prototype.hasOwnProperty.call(state.dirty, f.name) ? state.dirty[f.name] : f.value;
  }

  /** Records a value the user set; an unchanged value is not a change. */
  function setValue(f, value) {
    if (isSecret(f.name)) secrets[f.name] = String(value);
    else if (value === f.value) delete state.dirty[f.name];
    else state.dirty[f.name] = value;
    delete state.fieldErrors[f.name];
    persist();
    const row = document.getElementById(`row-${f.name}`);
    if (row) {
      row.classList.toggle('modified', Object.prototype.hasOwnProperty.call(changes(), f.name));
      const err = row.querySelector('.field-error');
      if (err) err.textContent = '';
    }
    updateButtons();
  }

  function integerOf(text) {
    return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
  }

  function control(f) {
    const id = `f-${f.name}`;
    const value = shown(f);
    if (f.kind === 'boolean') {
      const label = el('label', 'check');
      const input = el('input');
      input.type = 'checkbox';
      input.id = id;
      input.checked = value === true;
      input.addEventListener('change', () => setValue(f, input.checked));
      label.append(input, el('span', undefined, f.label));
      return label;
    }
    if (f.kind === 'choice') {
      const set = el('div', 'choices');
      set.setAttribute('role', 'radiogroup');
      set.setAttribute('aria-labelledby', `label-${f.name}`);
      for (const c of f.choices) {
        const label = el('label', 'choice');
        const input = el('input');
        input.type = 'radio';
        input.name = id;
        input.id = `${id}-${c.value}`;
        input.checked = value === c.value;
        input.addEventListener('change', () => input.checked && setValue(f, c.value));
        label.append(input, el('span', undefined, c.label));
        set.append(label);
      }
      if (value !== undefined && !f.choices.some((/** @type {any} */ c) => c.value === value)) {
        set.append(el('span', 'muted', `(now ${String(value)}, which this editor does not offer)`));
      }
      return set;
    }
    const input = el('input');
    input.id = id;
    input.setAttribute('aria-labelledby', `label-${f.name}`);
    if (f.kind === 'integer') {
      input.type = 'number';
      input.step = '1';
    } else if (f.kind === 'password') {
      input.type = 'password';
      input.autocomplete = f.name === 'old_password' ? 'current-password' : 'new-password';
    } else {
      input.type = f.name === 'email' ? 'email' : 'text';
      input.spellcheck = false;
    }
    input.value = value === undefined ? '' : String(value);
    input.addEventListener('input', () => setValue(f, f.kind === 'integer' ? integerOf(input.value) : input.value));
    return input;
  }

  function row(f) {
    const r = el('div', 'setting');
    r.id = `row-${f.name}`;
    if (Object.prototype.hasOwnProperty.call(changes(), f.name)) r.classList.add('modified');
    if (f.kind !== 'boolean') r.append(el('div', 'setting-label', f.label));
    r.lastChild && (/** @type {any} */ (r.lastChild).id = `label-${f.name}`);
    r.append(control(f));
    if (f.note && f.name !== 'email') r.append(el('div', 'setting-note muted', f.note));
    if (f.name === 'email') {
      r.append(el('div', 'setting-note muted', 'The server sends a confirmation mail to the new address; the change happens when you click the link in it.'));
    }
    const err = el('div', 'field-error', state.fieldErrors[f.name] || '');
    err.setAttribute('role', 'alert');
    r.append(err);
    return r;
  }

  function banner() {
    const b = el('div', 'banner');
    b.id = 'banner';
    if (!state.banner) {
      b.hidden = true;
      return b;
    }
    b.classList.add(`banner-${state.banner.kind}`);
    for (const line of state.banner.lines) b.append(el('p', undefined, line));
    return b;
  }

  function targetSection() {
    const t = model.target;
    const section = el('section', 'group target');
    section.id = 'group-target';
    section.append(el('h2', undefined, 'Apply to other users'));
    section.append(el('p', 'muted', 'Administrators: apply the changed preferences (not account settings) to other users or user groups instead of yourself.'));
    if (t.disabledReason) {
      section.classList.add('disabled');
      section.append(el('p', 'warning', t.disabledReason));
    }
    const disabled = !!t.disabledReason;

    const usersRow = el('div', 'setting');
    usersRow.append(el('label', 'setting-label', 'Users'));
    /** @type {HTMLSelectElement} */
    const select = el('select', 'users');
    select.id = 'target-users';
    select.multiple = true;
    select.size = Math.min(8, Math.max(3, t.users.length));
    select.disabled = disabled;
    /** @type {HTMLLabelElement} */ (usersRow.firstChild).htmlFor = 'target-users';
    for (const u of t.users) {
      const o = el('option', undefined, `${u.name} <${u.email}>`);
      o.value = String(u.id);
      o.selected = state.target.userIds.includes(u.id);
      select.append(o);
    }
    select.addEventListener('change', () => {
      state.target.userIds = [...select.selectedOptions].map((o) => Number(o.value));
      persist();
      updateButtons();
    });
    usersRow.append(select);
    section.append(usersRow);

    const groupsRow = el('div', 'setting');
    const gl = el('label', 'setting-label', 'User group ids (comma-separated)');
    gl.htmlFor = 'target-groups';
    const groups = el('input');
    groups.id = 'target-groups';
    groups.type = 'text';
    groups.placeholder = 'e.g. 12, 15';
    groups.value = state.target.groupIds;
    groups.disabled = disabled;
    groups.addEventListener('input', () => {
      state.target.groupIds = groups.value;
      persist();
      updateButtons();
    });
    groupsRow.append(gl, groups);
    section.append(groupsRow);

    const skipRow = el('div', 'setting');
    const skipLabel = el('label', 'check');
    const skip = el('input');
    skip.type = 'checkbox';
    skip.id = 'target-skip';
    skip.checked = state.target.skip;
    skip.disabled = disabled;
    skip.addEventListener('change', () => {
      state.target.skip = skip.checked;
      persist();
    });
    skipLabel.append(skip, el('span', undefined, 'Skip users who changed these settings themselves'));
    skipRow.append(skipLabel);
    skipRow.append(el('div', 'field-error', state.fieldErrors.target_users || ''));
    section.append(skipRow);

    const apply = el('button', 'secondary', 'Apply changes to these users');
    apply.id = 'apply-target';
    apply.disabled = disabled;
    apply.addEventListener('click', () => void save(true));
    section.append(apply);
    return section;
  }

  function render() {
    const active = document.activeElement;
    const focusId = active && active.id ? active.id : undefined;
    const caret = active instanceof HTMLInputElement && active.type !== 'number' && active.type !== 'email' ? active.selectionStart : null;

    const header = el('header', 'toolbar');
    const titles = el('div');
    titles.append(el('h1', undefined, 'Personal Settings'), el('div', 'muted', `${model.email} · ${model.realmName}`));
    const buttons = el('div', 'buttons');
    const saveButton = el('button', 'primary', 'Save changes');
    saveButton.id = 'save';
    saveButton.addEventListener('click', () => void save(false));
    const discard = el('button', 'secondary', 'Discard');
    discard.id = 'discard';
    discard.addEventListener('click', () => {
      state.dirty = {};
      state.fieldErrors = {};
      state.banner = undefined;
      secrets.old_password = '';
      secrets.new_password = '';
      persist();
      render();
    });
    buttons.append(saveButton, discard);
    header.append(titles, buttons);

    const nav = el('nav', 'groups-nav');
    const groups = [];
    for (const g of model.groups) {
      const a = el('a', undefined, g.title);
      a.href = `#group-${g.id}`;
      nav.append(a);
      const section = el('section', 'group');
      section.id = `group-${g.id}`;
      section.append(el('h2', undefined, g.title));
      for (const f of g.fields) section.append(row(f));
      groups.push(section);
    }
    if (model.target.visible) {
      const a = el('a', undefined, 'Other users');
      a.href = '#group-target';
      nav.append(a);
      groups.push(targetSection());
    }
    root.replaceChildren(header, banner(), nav, ...groups);
    updateButtons();

    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) {
        again.focus();
        if (caret !== null && again instanceof HTMLInputElement) again.setSelectionRange(caret, caret);
      }
    }
  }

  function updateButtons() {
    const count = Object.keys(changes()).length;
    const save = /** @type {HTMLButtonElement|null} */ (document.getElementById('save'));
    const discard = /** @type {HTMLButtonElement|null} */ (document.getElementById('discard'));
    if (save) {
      save.disabled = saving || count === 0;
      save.textContent = saving ? 'Saving…' : count > 1 ? `Save ${count} changes` : 'Save changes';
    }
    if (discard) discard.disabled = saving || count === 0;
    const apply = /** @type {HTMLButtonElement|null} */ (document.getElementById('apply-target'));
    if (apply && model && !model.target.disabledReason) {
      const preferences = Object.keys(changes()).filter((n) => !ACCOUNT.has(n)).length;
      apply.disabled = saving || preferences === 0 || (state.target.userIds.length === 0 && state.target.groupIds.trim() === '');
    }
  }

  async function save(forOthers) {
    if (saving) return;
    let sent = changes();
    if (forOthers) sent = Object.fromEntries(Object.entries(sent).filter(([n]) => !ACCOUNT.has(n)));
    saving = true;
    state.banner = undefined;
    updateButtons();
    /** @type {any} */
    let r;
    /** @type {string | undefined} */
    let failure;
    try {
      r = await request('settings/save', {
        changes: sent,
        ...(forOthers ? { target: { userIds: state.target.userIds, groupIds: state.target.groupIds, skipIfAlreadyEdited: state.target.skip } } : {}),
      });
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    saving = false;
    if (failure !== undefined || !r) {
      state.banner = { kind: 'error', lines: [failure || 'The settings could not be saved.', 'Your changes are kept.'] };
    } else {
      state.fieldErrors = { ...r.fieldErrors };
      /** @type {string[]} */
      const lines = [];
      let kind = /** @type {'info'|'warning'|'error'} */ ('info');
      if (r.ok) {
        for (const n of [...r.saved, ...r.ignored]) {
          delete state.dirty[n];
          if (isSecret(n)) secrets[n] = '';
        }
        if (r.saved.includes('new_password')) secrets.old_password = '';
        lines.push(r.saved.length ? `Saved: ${r.saved.length} setting${r.saved.length === 1 ? '' : 's'}.` : 'Nothing was saved.');
        lines.push(...r.notes);
        if (r.ignored.length) {
          kind = 'warning';
          lines.push(`The server ignored: ${r.ignored.join(', ')} — it may be too old for these settings.`);
        }
      } else {
        kind = 'error';
        lines.push(r.error || 'Some values were not accepted; see the messages next to the fields. Nothing was sent.');
      }
      state.banner = { kind, lines };
    }
    persist();
    render();
    const first = Object.keys(state.fieldErrors)[0];
    const target = first ? document.getElementById(first === 'target_users' ? 'target-users' : `row-${first}`) : document.getElementById('banner');
    if (target && target.scrollIntoView) target.scrollIntoView({ block: 'nearest' });
  }

  onNotification('settings/didChange', (params) => {
    model = params;
    render();
  });
  ready();
})();
