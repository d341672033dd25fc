// Looks in a dark theme (issue 25 item 8): every control of the conversation view in the theme's
// button and input colours (the poll's "Add option" was a native light box), a bot's avatar from
// the realm (loaded through the host with the credentials; people without a reachable picture keep
// their initials), and "Today at" for today's messages. Screenshot:
// test-results/screenshots/looks-dark.png.
import * as assert from 'assert';
import { sendMessage } from '../../src/api/messages/routes';
import { openTopicFromPalette } from './helpers';
import { useWorkbench } from './workbench';

/** Computed colours of a control and what the theme's variables resolve to, in the page. */
interface Colours {
  readonly color: string;
  readonly background: string;
  readonly theme: Record<string, string>;
}

describe('UI looks in a dark theme', function () {
  this.timeout(180_000);
  const wb = useWorkbench({ autoSignIn: true, settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  const topic = `looks ${Date.now() % 100000}`;

  it('poll controls take the theme colours; a bot avatar from the realm; Today at', async () => {
    await wb.page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 30_000 });
    await sendMessage(wb.client('bob'), {
      type: 'stream',
      to: 1,
      topic,
      content: '/poll Where shall we eat?\nPizza\nNoodles',
    });
    await sendMessage(wb.client('helper-bot'), { type: 'stream', to: 1, topic, content: 'Reminder: lunch at noon.' });

    await wb.waitForLiveSession();
    const frame = await openTopicFromPalette(wb, 'general', topic);
    const add = frame.locator('.widget.poll button.widget-add-button');
    await add.waitFor({ timeout: 30_000 });

    const colours = (selector: string, vars: string[]): Promise<Colours> =>
      frame
        .locator(selector)
        .first()
        .evaluate((node, names) => {
          // A variable's value as a computed colour: set on a probe (CSSOM, which the CSP allows).
          const probe = document.createElement('span');
          document.body.append(probe);
          const theme: Record<string, string> = {};
          for (const name of names) {
            probe.style.color = getComputedStyle(document.body).getPropertyValue(name).trim();
            theme[name] = getComputedStyle(probe).color;
          }
          probe.remove();
          const style = getComputedStyle(node);
          return { color: style.color, background: style.backgroundColor, theme };
        }, vars);

    const button = await colours('.widget.poll button.widget-add-button', [
      '--vscode-button-secondaryForeground',
      '--vscode-button-secondaryBackground',
    ]);
    assert.ok(
      button.theme['--vscode-button-secondaryBackground'] !== '' &&
        button.theme['--vscode-button-secondaryBackground'] !== 'rgb(0, 0, 0)',
      JSON.stringify(button),
    );
    assert.equal(button.background, button.theme['--vscode-button-secondaryBackground'], JSON.stringify(button));
    assert.equal(button.color, button.theme['--vscode-button-secondaryForeground'], JSON.stringify(button));
    const input = await colours('.widget.poll input.widget-input', [
      '--vscode-input-foreground',
      '--vscode-input-background',
    ]);
    assert.equal(input.background, input.theme['--vscode-input-background'], JSON.stringify(input));
    assert.equal(input.color, input.theme['--vscode-input-foreground'], JSON.stringify(input));
    // The Send button: the primary colours.
    const send = await colours('#send', ['--vscode-button-foreground', '--vscode-button-background']);
    assert.equal(send.background, send.theme['--vscode-button-background'], JSON.stringify(send));

    // No control of the page keeps the browser's own look: an unstyled button, field or list in a
    // shadow root (where no page style reaches) shows what that look is.
    const native = await frame.locator('body').evaluate(() => {
      const host = document.createElement('div');
      const shadow = host.attachShadow({ mode: 'open' });
      const probes = ['button', 'input', 'textarea', 'select'].map((tag) =>
        shadow.appendChild(document.createElement(tag)),
      );
      document.body.append(host);
      const looks = new Set(probes.map((p) => getComputedStyle(p).backgroundColor));
      host.remove();
      const offenders: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>(
        'button, input:not([type=checkbox]):not([type=radio]), textarea, select',
      )) {
        if (control.getClientRects().length === 0) continue; // not shown
        const bg = getComputedStyle(control).backgroundColor;
        if (looks.has(bg)) offenders.push(`${control.tagName.toLowerCase()}.${control.className} ${bg}`);
      }
      return { looks: [...looks], offenders };
    });
    assert.deepEqual(native.offenders, [], JSON.stringify(native.looks));

    // The bot's avatar: the realm's image, as a data: URI from the host; the others, initials.
    const botRow = frame.locator('li.message', { hasText: 'Reminder: lunch at noon.' });
    const picture = botRow.locator('img.avatar');
    await picture.waitFor({ timeout: 20_000 });
    const deadline = Date.now() + 20_000;
    while (!((await picture.getAttribute('src')) ?? '').startsWith('data:image/png;base64,') && Date.now() < deadline)
      await wb.page.waitForTimeout(200);
    assert.match((await picture.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    assert.ok(
      await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 48),
      'the bot avatar is decoded',
    );

    // Sent just now: "Today at …".
    assert.match(await botRow.locator('.message-header time').innerText(), /^Today at \d/);

    await wb.screenshot('looks-dark');
  });
});
