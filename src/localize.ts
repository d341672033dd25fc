/**
 * The one set of translations: VS Code loads the extension's `l10n/bundle.l10n.<language>.json`
 * for `vscode.l10n.t`; this hands the same bundle to `@vscode/l10n`, which the layers without
 * `vscode` (api, store...) use for their messages. Imported first by extension.ts, so it runs
 * before any module's top-level code; pages get the bundle from the HTML shell (webviews/html.ts).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
