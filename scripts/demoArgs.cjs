// Command-line arguments of `npm run demo` (scripts/demo.mjs). CommonJS so that the unit tests,
// compiled to CommonJS, can require it as well.
'use strict';
const os = require('node:os');

const USAGE = 'npm run demo -- [--org demo|large] [--host ADDRESS] [--no-browser-check] [--screenshot]';
const ORGS = ['demo', 'large'];
const DEFAULT_HOST = '127.0.0.1';

/**
 * `--host ADDRESS` (or `--host=ADDRESS`): where the chat server and code-server listen (default
 * 127.0.0.1, this machine only; 0.0.0.0 or :: for every interface). `--org large` (or
 * `--org=large`): the large organisation (5,000 channels, 20,000 users) instead of the demo one.
 * Unknown arguments are errors.
 */
function parseDemoArgs(argv) {
  const out = { host: DEFAULT_HOST, screenshot: false, browserCheck: true, org: 'demo' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--screenshot') out.screenshot = true;
    else if (arg === '--no-browser-check') out.browserCheck = false;
    else if (arg === '--org' || arg.startsWith('--org=')) {
      const value = arg === '--org' ? argv[++i] : arg.slice('--org='.length);
      if (!ORGS.includes(value)) throw new Error(`--org is demo or large (usage: ${USAGE})`);
      out.org = value;
    } else if (arg === '--host' || arg.startsWith('--host=')) {
      const value = arg === '--host' ? argv[++i] : arg.slice('--host='.length);
      if (value === undefined || value === '' || value.startsWith('-') || /[\s/]/.test(value)) {
        throw new Error(`--host needs an address, e.g. --host 0.0.0.0 (usage: ${USAGE})`);
      }
      out.host = value.replace(/^\[(.*)\]$/, '$1');
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)} (usage: ${USAGE})`);
    }
  }
  return out;
}

/** Whether `host` means every interface. */
function isWildcard(host) {
  return host === '0.0.0.0' || host === '::';
}

/** `host` as it goes in a URL (IPv6 in brackets). */
function urlHost(host) {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The URL the extension uses for the chat server: it runs on this machine, so a wildcard bind is
 * reached over loopback; any other host as given.
 */
function realmUrl(host, port) {
  return `http://${isWildcard(host) ? (host === '::' ? '[::1]' : '127.0.0.1') : urlHost(host)}:${port}`;
}

/** Hosts to print for a browser elsewhere: for a wildcard, this machine's external addresses (else loopback). */
function browserHosts(host, interfaces = os.networkInterfaces()) {
  if (!isWildcard(host)) return [host];
  const found = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4' || (host === '::' && a.family === 'IPv6' && !a.address.startsWith('fe80')))
        found.push(a.address);
    }
  }
  return found.length > 0 ? found : [host === '::' ? '::1' : '127.0.0.1'];
}

module.exports = { DEFAULT_HOST, USAGE, parseDemoArgs, isWildcard, urlHost, realmUrl, browserHosts };
