import { describe, expect, it } from "vitest";
import { checkWebhookUrl, parsePortList, webhookUrlPolicy } from "../../src/services/webhooks/url-guard";

const strict = { allowPrivate: false };
const lenient = { allowPrivate: true };

describe("webhook URL guard", () => {
  it.each([
    "https://example.com/hooks",
    "https://hooks.example.com:8443/a?b=c",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://172.32.0.1/hook",
    "https://100.128.0.1/hook",
    "https://192.169.0.1/hook",
    "https://[::ffff:8.8.8.8]/hook",
    "https://localhost.example.com/hook",
    "https://example.com./hook",
    // Translation and tunnel prefixes whose embedded IPv4 address is public.
    "https://[64:ff9b::8.8.8.8]/hook",
    "https://[2002:808:808::1]/hook",
    "https://[::ffff:0:8.8.8.8]/hook",
    "https://[2001:4860:4860::8888]/hook",
    // Explicit default ports, and names that only contain a blocked word.
    "https://example.com:443/hook",
    "https://example.com:80/hook",
    "https://lan.example.com/hook",
    "https://nip.io.example.com/hook",
    "https://mynip.io/hook",
  ])("accepts %s", (url) => {
    expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: true });
  });

  it.each([
    ["http://example.com/hook", "https"],
    ["ftp://example.com/hook", "https"],
    ["not a url", "absolute"],
    ["https://user:pass@example.com/hook", "credentials"],
    ["https://user@example.com/hook", "credentials"],
    ["https://localhost/hook", "local"],
    ["https://LOCALHOST./hook", "local"],
    ["https://api.localhost/hook", "local"],
    ["https://metadata.google.internal/hook", "local"],
    ["https://printer.local/hook", "local"],
    ["https://intranet/hook", "fully qualified"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://127.255.255.254/hook", "loopback"],
    ["https://0.0.0.0/hook", "this network"],
    ["https://10.1.2.3/hook", "private"],
    ["https://172.16.0.1/hook", "private"],
    ["https://172.31.255.255/hook", "private"],
    ["https://192.168.1.1/hook", "private"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://100.64.0.1/hook", "carrier-grade NAT"],
    ["https://100.127.255.255/hook", "carrier-grade NAT"],
    ["https://224.0.0.1/hook", "multicast"],
    // Other spellings of 127.0.0.1, normalized by the URL parser.
    ["https://2130706433/hook", "loopback"],
    ["https://0x7f000001/hook", "loopback"],
    ["https://0177.0.0.1/hook", "loopback"],
    ["https://127.1/hook", "loopback"],
    ["https://0xa.0.0.1/hook", "private"],
    ["https://[::1]/hook", "loopback"],
    ["https://[0:0:0:0:0:0:0:1]/hook", "loopback"],
    ["https://[::]/hook", "unspecified"],
    ["https://[fc00::1]/hook", "unique local"],
    ["https://[fd12:3456:789a::1]/hook", "unique local"],
    ["https://[fe80::1]/hook", "link-local"],
    ["https://[febf::1]/hook", "link-local"],
    ["https://[::ffff:127.0.0.1]/hook", "loopback"],
    ["https://[::ffff:10.0.0.1]/hook", "private"],
    ["https://[::ffff:169.254.169.254]/hook", "link-local"],
    ["https://[::ffff:7f00:1]/hook", "loopback"],
    ["https://[::ffff:100.64.0.1]/hook", "carrier-grade NAT"],
    ["https://[64:ff9b::192.168.0.1]/hook", "private"],
    ["https://[ff02::1]/hook", "multicast"],
    // Any number of trailing dots.
    ["https://localhost../hook", "local"],
    ["https://localhost.../hook", "local"],
    ["https://x.internal../hook", "local"],
    ["https://printer.local..../hook", "local"],
    ["https://intranet../hook", "fully qualified"],
    ["https://127.0.0.1../hook", "loopback"],
    // 6to4 (2002::/16): the IPv4 address in bits 16-47.
    ["https://[2002:7f00:1::]/hook", "6to4 loopback"],
    ["https://[2002:a00:1::1]/hook", "6to4 private"],
    ["https://[2002:c0a8:101:1::1]/hook", "6to4 private"],
    ["https://[2002:a9fe:a9fe::]/hook", "6to4 link-local"],
    ["https://[2002::]/hook", "6to4 this network"],
    // Local-use NAT64 (64:ff9b:1::/48), refused whatever it embeds.
    ["https://[64:ff9b:1::a00:1]/hook", "local-use NAT64"],
    ["https://[64:ff9b:1:7f00:1::]/hook", "local-use NAT64"],
    ["https://[64:ff9b:1::8.8.8.8]/hook", "local-use NAT64"],
    // Well-known NAT64 (64:ff9b::/96).
    ["https://[64:ff9b::127.0.0.1]/hook", "loopback"],
    ["https://[64:ff9b::a9fe:a9fe]/hook", "link-local"],
    // SIIT IPv4-translated (::ffff:0:0:0/96).
    ["https://[::ffff:0:127.0.0.1]/hook", "loopback"],
    ["https://[::ffff:0:a00:1]/hook", "private"],
    ["https://[0:0:0:0:ffff:0:a9fe:a9fe]/hook", "link-local"],
    // IPv4-compatible (::a.b.c.d).
    ["https://[::127.0.0.1]/hook", "loopback"],
    ["https://[::10.0.0.1]/hook", "private"],
    // Teredo (2001::/32), refused outright.
    ["https://[2001::1]/hook", "Teredo"],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", "Teredo"],
    // Documentation.
    ["https://[2001:db8::1]/hook", "documentation"],
    // Ports other than 443, 80 and 8443.
    ["https://example.com:22/hook", "port"],
    ["https://example.com:6379/hook", "port"],
    ["https://8.8.8.8:25/hook", "port"],
    ["https://[2606:4700:4700::1111]:8080/hook", "port"],
    // Private-use suffixes.
    ["https://router.lan/hook", "local"],
    ["https://nas.home/hook", "local"],
    ["https://jira.corp/hook", "local"],
    ["https://wiki.intranet/hook", "local"],
    ["https://db.private/hook", "local"],
    ["https://printer.home.arpa/hook", "local"],
    ["https://box.localdomain/hook", "local"],
    ["https://ROUTER.LAN./hook", "local"],
    // Wildcard DNS services that resolve to the address in the name, or to loopback.
    ["https://127.0.0.1.nip.io/hook", "wildcard DNS"],
    ["https://app.10.0.0.1.nip.io/hook", "wildcard DNS"],
    ["https://nip.io/hook", "wildcard DNS"],
    ["https://169-254-169-254.sslip.io/hook", "wildcard DNS"],
    ["https://10.0.0.1.xip.io/hook", "wildcard DNS"],
    ["https://localtest.me/hook", "wildcard DNS"],
    ["https://api.localtest.me/hook", "wildcard DNS"],
    ["https://lvh.me/hook", "wildcard DNS"],
    ["https://x.lvh.me./hook", "wildcard DNS"],
    ["https://anything.localhost/hook", "local"],
  ])("refuses %s (%s)", (url, reason) => {
    const verdict = checkWebhookUrl(url, strict);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason.toLowerCase()).toContain(reason.toLowerCase());
  });

  it("lets WEBHOOK_ALLOW_PRIVATE reach loopback and private targets over plain http", () => {
    for (const url of [
      "http://localhost:8787/hook",
      "http://127.0.0.1/hook",
      "https://[::1]/x",
      "http://10.0.0.1/",
    ]) {
      expect(checkWebhookUrl(url, lenient), url).toMatchObject({ ok: true });
    }
  });

  it("judges a backslash-before-@ URL on the host the WHATWG parser reads", () => {
    const verdict = checkWebhookUrl("https://example.com\\@127.0.0.1/x", strict);
    expect(verdict).toMatchObject({ ok: true });
    if (verdict.ok) {
      expect(verdict.url.hostname).toBe("example.com");
      expect(verdict.url.href).toBe("https://example.com/@127.0.0.1/x");
    }
  });

  it("allows the ports WEBHOOK_ALLOWED_PORTS lists besides 443, 80 and 8443", () => {
    const policy = webhookUrlPolicy({ WEBHOOK_ALLOWED_PORTS: " 9443, 8080,,nope,70000" });
    expect([...(policy.extraPorts ?? [])]).toEqual([9443, 8080]);
    expect(checkWebhookUrl("https://example.com:9443/hook", policy)).toMatchObject({ ok: true });
    expect(checkWebhookUrl("https://example.com:8443/hook", policy)).toMatchObject({ ok: true });
    const refused = checkWebhookUrl("https://example.com:22/hook", policy);
    expect(refused).toMatchObject({
      ok: false,
      reason: "Must use an allowed port (443, 80, 8443, 9443, 8080)",
    });
    expect(parsePortList(undefined).size).toBe(0);
  });

  it("lets WEBHOOK_ALLOW_PRIVATE reach any port, private names and wildcard DNS names", () => {
    const policy = webhookUrlPolicy({ WEBHOOK_ALLOW_PRIVATE: "true" });
    for (const url of [
      "http://127.0.0.1:54321/hook",
      "http://localhost:8787/hook",
      "https://example.com:22/hook",
      "http://intranet/hook",
      "http://router.lan/hook",
      "http://127.0.0.1.nip.io:3000/hook",
    ]) {
      expect(checkWebhookUrl(url, policy), url).toMatchObject({ ok: true });
    }
  });

  it("refuses credentials and other schemes even when private targets are allowed", () => {
    expect(checkWebhookUrl("http://u:p@localhost/hook", lenient)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("http://u@127.0.0.1:3000/hook", lenient)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("file:///etc/passwd", lenient)).toMatchObject({ ok: false });
  });
});
