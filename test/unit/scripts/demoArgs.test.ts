// `npm run demo -- --host ADDRESS`: argument parsing and the URLs derived from the host
// (scripts/demoArgs.cjs, loaded the way the demo script loads it).
import { strict as assert } from 'node:assert';
import type { NetworkInterfaceInfo } from 'node:os';

interface DemoArgs {
  host: string;
  screenshot: boolean;
  browserCheck: boolean;
  org: string;
}
const demo = require('../../../../scripts/demoArgs.cjs') as {
  parseDemoArgs(argv: string[]): DemoArgs;
  realmUrl(host: string, port: number): string;
  urlHost(host: string): string;
  browserHosts(host: string, interfaces?: Record<string, NetworkInterfaceInfo[]>): string[];
};

describe('demo arguments: --host', () => {
  it('defaults to loopback, and takes --host ADDRESS or --host=ADDRESS', () => {
    assert.deepEqual(demo.parseDemoArgs([]), { host: '127.0.0.1', screenshot: false, browserCheck: true, org: 'demo' });
    assert.equal(demo.parseDemoArgs(['--host', '0.0.0.0']).host, '0.0.0.0');
    assert.equal(demo.parseDemoArgs(['--host=192.168.1.20']).host, '192.168.1.20');
    assert.equal(demo.parseDemoArgs(['--host', '[::]']).host, '::');
    assert.deepEqual(demo.parseDemoArgs(['--no-browser-check', '--host', 'devbox.lan', '--screenshot']), {
      host: 'devbox.lan',
      screenshot: true,
      browserCheck: false,
      org: 'demo',
    });
  });

  it('--org large (or --org=large) picks the large organisation; anything else is refused', () => {
    assert.equal(demo.parseDemoArgs(['--org', 'large']).org, 'large');
    assert.equal(demo.parseDemoArgs(['--org=large', '--screenshot']).org, 'large');
    assert.equal(demo.parseDemoArgs(['--org', 'demo']).org, 'demo');
    assert.throws(() => demo.parseDemoArgs(['--org']), /--org is demo or large/);
    assert.throws(() => demo.parseDemoArgs(['--org', 'huge']), /--org is demo or large/);
  });

  it('refuses a missing address and unknown arguments', () => {
    assert.throws(() => demo.parseDemoArgs(['--host']), /--host needs an address/);
    assert.throws(() => demo.parseDemoArgs(['--host', '--screenshot']), /--host needs an address/);
    assert.throws(() => demo.parseDemoArgs(['--host=']), /--host needs an address/);
    assert.throws(() => demo.parseDemoArgs(['--hots', '0.0.0.0']), /unknown argument "--hots"/);
  });

  it('the extension reaches a wildcard bind over loopback; other hosts as given', () => {
    assert.equal(demo.realmUrl('127.0.0.1', 9991), 'http://127.0.0.1:9991');
    assert.equal(demo.realmUrl('0.0.0.0', 9991), 'http://127.0.0.1:9991');
    assert.equal(demo.realmUrl('::', 9991), 'http://[::1]:9991');
    assert.equal(demo.realmUrl('192.168.1.20', 9991), 'http://192.168.1.20:9991');
    assert.equal(demo.urlHost('fd00::5'), '[fd00::5]');
  });

  it("prints the machine's external addresses for a wildcard bind, the host itself otherwise", () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
      ({
        address,
        family,
        internal,
        netmask: '',
        mac: '',
        cidr: null,
        ...(family === 'IPv6' ? { scopeid: 0 } : {}),
      }) as NetworkInterfaceInfo;
    const interfaces = {
      lo: [nic('127.0.0.1', 'IPv4', true)],
      eth0: [nic('10.0.0.7', 'IPv4', false), nic('fe80::1', 'IPv6', false), nic('fd00::7', 'IPv6', false)],
    };
    assert.deepEqual(demo.browserHosts('0.0.0.0', interfaces), ['10.0.0.7']);
    assert.deepEqual(demo.browserHosts('::', interfaces), ['10.0.0.7', 'fd00::7']);
    assert.deepEqual(demo.browserHosts('0.0.0.0', { lo: interfaces.lo }), ['127.0.0.1']);
    assert.deepEqual(demo.browserHosts('devbox.lan', interfaces), ['devbox.lan']);
  });
});
