// Fixture for UI tests: a local chat server, code-server with this extension loaded, and headless
// chromium showing the workbench. `useWorkbench()` inside a describe() starts everything in
// before() and stops it in after(); the returned object carries the page and driving helpers.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { ChatClient } from '../../src/api';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');
/** The README's pictures (docs/screenshots/<name>.jpg), refreshed by a UI run with TEAM_CHAT_README_SCREENSHOTS=1. */
const README_SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
const README_SCREENSHOTS = [
  'message-content',
  'code-block-actions',
  'code-discussion-thread',
  'dm-tree',
  'autocomplete',
  'typing-indicator',
  'code-discussion-outdated',
  'code-discussion-compare',
];
const SCRIPTS = path.join(REPO_ROOT, 'scripts', 'vscode');

export interface ChatAccount {
  email: string;
  apiKey: string;
  userId: number;
  role: string | number;
  fullName: string;
}

export interface ChatServer {
  url: string;
  accounts: ChatAccount[];
  stop(): Promise<void>;
}

interface CodeServer {
  port: number;
  url: string;
  /** Its throw-away profile (`ext/` holds the installed extensions). */
  dir: string;
  logPath: string;
  stop(): Promise<void>;
}

export interface WorkbenchOptions {
  /** Extra code-server environment (inherited by the extension host). */
  env?: Record<string, string>;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
  /** Import the first member account via TEAM_CHAT_AUTO_SIGNIN (a generated zuliprc). */
  autoSignIn?: boolean;
  /** Start the local chat server (default: when it has been built). */
  chatServer?: boolean;
  /** Extra options of the local chat server (test/server ServerOptions, e.g. `seedTopic`). */
  chatServerOptions?: Record<string, unknown>;
  /**
   * Install this packaged extension (`--install-extension`) and load it instead of the extension
   * under development: the path a user takes.
   */
  vsix?: string;
  /** The display language (code-server's `--locale`), e.g. the pseudo-locale `qps-ploc`. */
  locale?: string;
  /** The extension under development (default: this checkout; the workbench bench loads a release build). */
  extensionDevelopmentPath?: string;
}

interface ChatServerModule {
  chatServerAvailable(): boolean;
  startChatServer(options: Record<string, unknown>): Promise<ChatServer>;
  chatServerEnv(server: ChatServer): Record<string, string>;
  writeZuliprc(file: string, server: ChatServer): ChatAccount;
}
interface CodeServerModule {
  startCodeServer(options: {
    env?: Record<string, string>;
    settings?: Record<string, unknown>;
    vsixFiles?: string[];
    locale?: string;
  }): Promise<CodeServer>;
  workbenchUrl(options: {
    port: number;
    folder?: string;
    extensionDevelopmentPath?: string;
    extensionTestsPath?: string;
  }): string;
}
interface BrowserModule {
  launchBrowser(): Promise<Browser>;
  newPage(browser: Browser): Promise<Page>;
}

// tsc (module: commonjs) turns import() into require(), which cannot load .mjs; keep a real import().
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;
const esm = <T>(file: string): Promise<T> => importEsm<T>(require('url').pathToFileURL(path.join(SCRIPTS, file)).href);

export class Workbench {
  page!: Page;
  browser!: Browser;
  server?: ChatServer;
  codeServer!: CodeServer;
  workspace!: string;
  private readonly cleanups: Array<() => Promise<unknown> | unknown> = [];

  constructor(private readonly options: WorkbenchOptions = {}) {}

  async start(): Promise<void> {
    const chat = await esm<ChatServerModule>('chatServer.mjs');
    const cs = await esm<CodeServerModule>('codeServer.mjs');
    const br = await esm<BrowserModule>('browser.mjs');

    const env: Record<string, string> = {};
    const wantServer = this.options.chatServer ?? chat.chatServerAvailable();
    if (wantServer) {
      this.server = await chat.startChatServer({ longpollTimeoutSeconds: 2, ...this.options.chatServerOptions });
      const server = this.server;
      this.cleanups.push(() => server.stop());
      Object.assign(env, chat.chatServerEnv(server));
    }
    this.workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'team-chat-ui-ws-'));
    this.cleanups.push(() => fs.rmSync(this.workspace, { recursive: true, force: true }));
    // The fixture repository (git, a GitHub remote, its commit pushed): code references resolve in it.
    (await esm<{ makeFixtureWorkspace(dir: string): string }>('fixtureWorkspace.mjs')).makeFixtureWorkspace(
      this.workspace,
    );
    if (this.options.autoSignIn && this.server) {
      const rc = path.join(this.workspace, '.zuliprc');
      chat.writeZuliprc(rc, this.server);
      env.TEAM_CHAT_AUTO_SIGNIN = rc;
    }
    Object.assign(env, this.options.env);

    const vsixFiles = this.options.vsix ? [this.options.vsix] : [];
    this.codeServer = await cs.startCodeServer({
      env,
      settings: this.options.settings,
      vsixFiles,
      locale: this.options.locale,
    });
    this.cleanups.push(() => this.codeServer.stop());
    this.browser = await br.launchBrowser();
    this.cleanups.push(() => this.browser.close());
    this.page = await br.newPage(this.browser);

    const extensionDevelopmentPath = this.options.vsix
      ? undefined
      : (this.options.extensionDevelopmentPath ?? REPO_ROOT);
    const url = cs.workbenchUrl({ port: this.codeServer.port, folder: this.workspace, extensionDevelopmentPath });
    await this.page.goto(url);
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await this.page.locator('.part.activitybar').waitFor({ timeout: 30_000 });
    // Let the extension host start and contributed commands/views settle.
    await this.page.waitForTimeout(1500);
  }

  async stop(): Promise<void> {
    for (const fn of this.cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.warn(`[workbench] cleanup: ${(err as Error).message}`);
      }
    }
    this.cleanups.length = 0;
  }

  /**
   * Runs a command by its palette label (e.g. "Team Chat: Show Version") via F1. Retries while the
   * label is not listed yet: the extension under development registers a few seconds after the
   * workbench appears, and an open palette does not pick up commands added later.
   */
  async runCommand(title: string, timeout = 45_000): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    const input = widget.locator('input');
    const row = widget.locator('.monaco-list-row', { hasText: title }).first();
    const deadline = Date.now() + timeout;
    for (;;) {
      await this.page.keyboard.press('F1');
      try {
        // Inside the retry too: a closing menu or toast can take the focus and close the palette.
        await input.waitFor({ state: 'visible', timeout: 5_000 });
        await input.fill(`>${title}`, { timeout: 5_000 });
        await row.waitFor({ state: 'visible', timeout: 2_000 });
        break;
      } catch (err) {
        await this.page.keyboard.press('Escape');
        if (Date.now() > deadline)
          throw new Error(`command "${title}" not in the command palette after ${timeout} ms`, { cause: err });
        await this.page.waitForTimeout(1_000);
      }
    }
    await input.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }

  /**
   * Saves test-results/screenshots/<name>.png and returns its path. With TEAM_CHAT_README_SCREENSHOTS=1,
   * the README's pictures are also written small (JPEG) to docs/screenshots/.
   */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    await this.page.screenshot({ path: file });
    if (process.env.TEAM_CHAT_README_SCREENSHOTS && README_SCREENSHOTS.includes(name)) {
      fs.mkdirSync(README_SCREENSHOT_DIR, { recursive: true });
      await this.page.screenshot({ path: path.join(README_SCREENSHOT_DIR, `${name}.jpg`), type: 'jpeg', quality: 45 });
    }
    return file;
  }

  /** Clicks the activity-bar entry whose label starts with `title`. */
  async openActivity(title: string): Promise<void> {
    // The item, not its label: an unread badge covers the label and would take the click.
    const label = this.page.locator(`.action-label[aria-label^="${title.replace(/"/g, '\\"')}"]`);
    await this.page.locator('.activitybar .action-item', { has: label }).first().click();
    // As a user's hand moves on: the item's hover (its badge's tooltip, a few lines long) would
    // otherwise stay over the side bar and take the next click on a row.
    const box = await this.page.locator('.part.editor').boundingBox();
    if (box) await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }

  /** The view pane (in the open side bar / panel) whose header shows `viewTitle`. */
  view(viewTitle: string): Locator {
    return this.page.locator('.pane', { has: this.page.locator('.pane-header', { hasText: viewTitle }) }).first();
  }

  /** Visible row texts of the tree in view `viewTitle`. */
  async treeRows(viewTitle: string): Promise<string[]> {
    const rows = this.view(viewTitle).locator('.monaco-list-row');
    await rows.first().waitFor({ state: 'visible' });
    return (await rows.allInnerTexts()).map((t) => t.trim());
  }

  /** Messages of the notification toasts currently shown. */
  async notifications(): Promise<string[]> {
    return (await this.page.locator('.notification-toast .notification-list-item-message').allInnerTexts()).map((t) =>
      t.trim(),
    );
  }

  /** The quick input (command palette, quick picks, input boxes). */
  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** The text field of the quick input. */
  quickInputBox(): Locator {
    return this.quickInput().locator('input');
  }

  /** Types `value` (when given) into the open input box once it shows `prompt`, then Enter. */
  async answer(prompt: string | RegExp, value?: string): Promise<void> {
    const label = this.quickInput()
      .locator('.quick-input-message, .quick-input-description', { hasText: prompt })
      .first();
    await label.waitFor({ state: 'visible', timeout: 20_000 });
    const shown = await label.textContent();
    if (value !== undefined) await this.quickInputBox().fill(value);
    await this.quickInputBox().press('Enter');
    // Wait for the step to move on, so that the next answer() cannot type into this one (a later
    // prompt's words may appear in this one). A step that refuses the answer stays: give up then.
    await this.page
      .waitForFunction(
        (text) => {
          const widget = document.querySelector<HTMLElement>('.quick-input-widget');
          if (!widget || widget.style.display === 'none') return true;
          const labels = Array.from(widget.querySelectorAll('.quick-input-message, .quick-input-description'));
          return !labels.some((el) => el.textContent === text);
        },
        shown,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
  }

  /** Opens `target`'s context menu and returns its entry `entry` once the menu can take a click. */
  async contextMenuItem(target: Locator, entry: string): Promise<Locator> {
    await target.click({ button: 'right' });
    const item = this.page.locator('.monaco-menu .action-item', { hasText: entry }).first();
    await item.waitFor({ state: 'visible', timeout: 10_000 });
    // The menu fades in; a click during that is sometimes lost.
    await this.page.waitForTimeout(300);
    return item;
  }

  /** The page inside the (first) webview: the workbench nests it as iframe.webview → iframe#active-frame. */
  webviewFrame(): FrameLocator {
    return this.page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame');
  }

  /**
   * Expands (or collapses) the view pane whose header shows `viewTitle`, if it is not already; waits
   * for the header first (views shown once signed in appear after the session starts).
   */
  async expandView(viewTitle: string, expanded = true): Promise<void> {
    const header = this.page.locator('.pane-header', { hasText: viewTitle }).first();
    await header.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
  }

  /**
   * Expands the view `viewTitle` and collapses every other view of the side bar, so its rows have
   * the room (a tree only renders the rows that fit).
   */
  async showOnlyView(viewTitle: string): Promise<void> {
    const headers = this.page.locator('.sidebar .pane-header');
    const count = await headers.count();
    for (let i = 0; i < count; i++) {
      const header = headers.nth(i);
      const title = ((await header.locator('h3.title').first().textContent()) ?? '').trim();
      const wanted = title.toLowerCase() === viewTitle.toLowerCase();
      if ((await header.getAttribute('aria-expanded')) !== String(wanted)) await header.click();
    }
    await this.page.waitForTimeout(300);
  }

  /** Waits for the Team Chat status-bar item of a live session (after sign-in or the auto sign-in). */
  async waitForLiveSession(timeout = 60_000): Promise<void> {
    await this.page
      .locator('.statusbar-item .codicon-comment-discussion')
      .first()
      .waitFor({ state: 'attached', timeout });
  }

  /** The local chat server's account whose email starts with `local@`. */
  account(local: string): ChatAccount {
    const found = this.server?.accounts.find((a) => a.email.startsWith(`${local}@`));
    if (!found) throw new Error(`the local chat server has no account ${local}@`);
    return found;
  }

  /** The account the auto sign-in uses: the first plain member (as scripts/vscode/chatServer.mjs picks it). */
  firstMember(): ChatAccount {
    const server = this.server;
    if (!server) throw new Error('no local chat server');
    return server.accounts.find((a) => a.role === 'member' || a.role === 400) ?? server.accounts[0]!;
  }

  /** A client of `account` (or of `local@…`) acting as that user; closed when the fixture stops. */
  client(account: string | ChatAccount): ChatClient {
    const a = typeof account === 'string' ? this.account(account) : account;
    const client = new ChatClient({ realmUrl: this.server!.url, email: a.email, apiKey: a.apiKey });
    this.cleanups.push(() => client.close());
    return client;
  }

  /** `POST {server}/__test__/{path}` (the local chat server's test controls) with a JSON body. */
  async testControl(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.server!.url}/__test__/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw new Error(`test control ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** Waits until a toast whose message contains `text` is shown; returns its locator. */
  async waitForNotification(text: string | RegExp, timeout = 15_000): Promise<Locator> {
    const toast = this.page.locator('.notification-toast', { hasText: text }).first();
    await toast.waitFor({ state: 'visible', timeout });
    return toast;
  }
}

/** Registers before/after hooks on the surrounding describe() and returns the (lazily started) fixture. */
export function useWorkbench(options: WorkbenchOptions = {}): Workbench {
  const wb = new Workbench(options);
  before(async function () {
    this.timeout(180_000);
    await wb.start();
  });
  // A failed test leaves a picture of the workbench as it was (failed-<test title>.png).
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state !== 'failed') return;
    this.timeout(30_000);
    await wb.screenshot(`failed-${test.title.replace(/[^\w-]+/g, '-').slice(0, 60)}`).catch(() => undefined);
    // The webviews as the workbench had them (a blank editor: no frame, a hidden one, or one laid out at 0×0).
    const frames = await wb.page
      .locator('iframe.webview')
      .evaluateAll((list) =>
        list.map((f) => {
          const r = f.getBoundingClientRect();
          const style = getComputedStyle(f.parentElement ?? f);
          return `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)} ${style.visibility}`;
        }),
      )
      .catch((error: unknown) => [String(error)]);
    console.log(`    webview frames at the failure: ${frames.length ? frames.join('; ') : 'none'}`);
  });
  after(async function () {
    this.timeout(60_000);
    await wb.stop();
  });
  return wb;
}
