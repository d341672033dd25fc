/**
 * `teamChat.addLinkifier` / `teamChat.editLinkifier` (docs/API.md operation 13): a multi-step input
 * for pattern, URL template, example input, reverse template and alternative URL templates, each
 * step checked as the user types; the whole linkifier is checked again before anything is sent.
 */
import * as vscode from 'vscode';
import type { Linkifier } from '../../api/realm/models';
import { addLinkifier, updateLinkifier } from '../../api/realm/routes';
import { inputStep, type InputStep } from '../../ui/quickInput';
import {
  checkLinkifier,
  compilePattern,
  describeProblems,
  type LinkifierDraft,
  type LinkifierField,
  type LinkifierProblem,
} from '../../linkifiers/check';
import { Commands } from '../../constants';
import type { Services } from '../../services';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration } from '../../ui/commands';
import { withNotification } from '../../ui/progress';
import type { LinkifiersModel } from '../../views/linkifiers';
import { requireAdmin, resolveLinkifier, type LinkifierArg } from './common';
import { offerAgain } from '../../ui/report';

/** Tests pass the whole linkifier (`pattern` present) to skip the input boxes. */
export interface EditLinkifierArgs extends LinkifierArg, Partial<LinkifierDraft> {}

export interface EditLinkifierResult {
  /** Whether a request was sent (and succeeded). */
  sent: boolean;
  /** Why nothing was sent: the client-side check's findings. */
  problems: LinkifierProblem[];
  /** The linkifier's id (the new one after an add). */
  id?: number;
}

const NOTHING: EditLinkifierResult = { sent: false, problems: [] };

export function addLinkifierCommand(model: LinkifiersModel): CommandDeclaration {
  return {
    id: Commands.addLinkifier,
    session: true,
    failure: vscode.l10n.t('Could not add the linkifier'),
    run: ({ services, current }, arg?: EditLinkifierArgs) => save(services, current, model, undefined, arg),
  };
}

export function editLinkifierCommand(model: LinkifiersModel): CommandDeclaration {
  return {
    id: Commands.editLinkifier,
    session: true,
    failure: vscode.l10n.t('Could not save the linkifier'),
    async run({ services, current }, arg?: EditLinkifierArgs): Promise<EditLinkifierResult> {
      requireAdmin(current);
      const existing = await resolveLinkifier(model, arg, vscode.l10n.t('Linkifier to edit'));
      return existing ? save(services, current, model, existing, arg) : NOTHING;
    },
  };
}

async function save(
  services: Services,
  current: CurrentSession,
  model: LinkifiersModel,
  existing: Linkifier | undefined,
  arg: EditLinkifierArgs | undefined,
): Promise<EditLinkifierResult> {
  requireAdmin(current);
  const scripted = arg?.pattern !== undefined;
  let draft: LinkifierDraft = {
    pattern: arg?.pattern ?? existing?.pattern ?? '',
    url_template: arg?.url_template ?? existing?.url_template ?? '',
    example_input: arg?.example_input !== undefined ? arg.example_input : (existing?.example_input ?? null),
    reverse_template: arg?.reverse_template !== undefined ? arg.reverse_template : (existing?.reverse_template ?? null),
    alternative_url_templates: arg?.alternative_url_templates ?? existing?.alternative_url_templates ?? [],
  };
  for (;;) {
    if (!scripted) {
      const entered = await askDraft(draft, existing === undefined);
      if (!entered) return NOTHING;
      draft = entered;
    }
    const check = checkLinkifier(draft);
    if (!check.ok) {
      // Nothing is sent: say precisely what failed, and let the user correct it.
      services.log.info(`Linkifier not saved: ${describeProblems(check)}`);
      if (scripted) return { sent: false, problems: check.problems };
      const problem = vscode.l10n.t('The linkifier was not saved. {0}', describeProblems(check));
      if (!(await offerAgain(services.log, new Error(problem), undefined, vscode.l10n.t('Edit Again'))))
        return { sent: false, problems: check.problems };
      continue;
    }
    const params = {
      pattern: draft.pattern,
      url_template: draft.url_template,
      example_input: draft.example_input || null,
      reverse_template: draft.reverse_template || null,
      alternative_url_templates: [...(draft.alternative_url_templates ?? [])],
    };
    const id = await withNotification(
      existing ? vscode.l10n.t('Saving the linkifier…') : vscode.l10n.t('Adding the linkifier…'),
      async (signal) => {
        if (existing) {
          await updateLinkifier(current.client, { filter_id: existing.id, ...params }, { signal });
          return existing.id;
        }
        return (await addLinkifier(current.client, params, { signal })).id;
      },
    );
    const p = check.preview;
    const done = existing
      ? p
        ? vscode.l10n.t('Linkifier saved. "{0}" links to {1}', p.text, p.url)
        : vscode.l10n.t('Linkifier saved.')
      : p
        ? vscode.l10n.t('Linkifier added. "{0}" links to {1}', p.text, p.url)
        : vscode.l10n.t('Linkifier added.');
    void vscode.window.showInformationMessage(done);
    return { sent: true, problems: [], id };
  }
}

const STEPS = 5;

/** The five input boxes, with Back; each validates its own field against the earlier ones. */
async function askDraft(initial: LinkifierDraft, adding: boolean): Promise<LinkifierDraft | undefined> {
  const draft: LinkifierDraft = { ...initial };
  const title = adding ? vscode.l10n.t('Add Linkifier') : vscode.l10n.t('Edit Linkifier');
  const fieldProblem = (d: LinkifierDraft, field: LinkifierField): string | undefined =>
    checkLinkifier(d).problems.find((p) => p.field === field)?.message;
  const steps: ((n: number) => InputStep & { apply: (v: string) => void })[] = [
    (n) => ({
      title,
      step: n,
      totalSteps: STEPS,
      value: draft.pattern,
      prompt: vscode.l10n.t('Pattern: a regular expression; write named groups as (?P<name>...).'),
      placeholder: vscode.l10n.t('#(?P<id>[0-9]+)'),
      validate: (v) => {
        const c = compilePattern(v);
        return c.ok ? undefined : c.message;
      },
      apply: (v) => (draft.pattern = v),
    }),
    (n) => ({
      title,
      step: n,
      totalSteps: STEPS,
      value: draft.url_template,
      prompt: vscode.l10n.t(
        "URL template (RFC 6570): insert the pattern's groups as {name}. Groups: {0}.",
        groupList(draft.pattern),
      ),
      placeholder: vscode.l10n.t('https://github.com/example/repo/issues/{id}'),
      validate: (v) => fieldProblem({ pattern: draft.pattern, url_template: v }, 'url_template'),
      apply: (v) => (draft.url_template = v),
    }),
    (n) => ({
      title,
      step: n,
      totalSteps: STEPS,
      value: draft.example_input ?? '',
      prompt: vscode.l10n.t('Example input (optional; needed for a reverse template): text the whole pattern matches.'),
      placeholder: '#123',
      validate: (v) =>
        v === ''
          ? undefined
          : fieldProblem(
              { pattern: draft.pattern, url_template: draft.url_template, example_input: v },
              'example_input',
            ),
      apply: (v) => (draft.example_input = v === '' ? null : v),
    }),
    (n) => {
      const preview = checkLinkifier({
        pattern: draft.pattern,
        url_template: draft.url_template,
        example_input: draft.example_input,
      }).preview;
      return {
        title,
        step: n,
        totalSteps: STEPS,
        value: draft.reverse_template ?? '',
        prompt: preview
          ? vscode.l10n.t(
              'Reverse template (optional): {name} for groups, {{ and }} for literal braces; it must regenerate ' +
                'the example input. "{0}" links to {1}',
              preview.text,
              preview.url,
            )
          : vscode.l10n.t(
              'Reverse template (optional): {name} for groups, {{ and }} for literal braces; it must regenerate ' +
                'the example input.',
            ),
        placeholder: vscode.l10n.t('#{id}'),
        validate: (v) =>
          v === ''
            ? undefined
            : fieldProblem(
                { ...draft, alternative_url_templates: [], reverse_template: v },
                draft.example_input ? 'reverse_template' : 'example_input',
              ),
        apply: (v) => (draft.reverse_template = v === '' ? null : v),
      };
    },
    (n) => ({
      title,
      step: n,
      totalSteps: STEPS,
      value: (draft.alternative_url_templates ?? []).join(' '),
      prompt: vscode.l10n.t(
        'Alternative URL templates (optional, separated by spaces): used only to turn pasted URLs back into the ' +
          'pattern’s text.',
      ),
      placeholder: vscode.l10n.t('https://example.com/issue/{id}'),
      validate: (v) =>
        fieldProblem({ ...draft, alternative_url_templates: splitTemplates(v) }, 'alternative_url_templates'),
      apply: (v) => (draft.alternative_url_templates = splitTemplates(v)),
    }),
  ];
  for (let i = 0; i < steps.length;) {
    const step = steps[i](i + 1);
    const result = await inputStep({ ...step, buttons: i > 0 ? [vscode.QuickInputButtons.Back] : [] });
    if (!result) return undefined;
    if ('button' in result) {
      i--;
      continue;
    }
    step.apply(result.value);
    i++;
  }
  return draft;
}

function splitTemplates(v: string): string[] {
  return v.split(/\s+/).filter((t) => t !== '');
}

function groupList(pattern: string): string {
  const c = compilePattern(pattern);
  return c.ok && c.groups.length ? c.groups.map((g) => `{${g}}`).join(', ') : 'none';
}
