// Webview pages run in the browser, where the `vscode` module does not exist: tsconfig.pages.json
// maps `vscode` to this file, which is deliberately not a module, so a page (or anything it
// imports) that imports `vscode` fails the type-check with "… is not a module".
