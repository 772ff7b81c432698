import { describe, expect, it } from "vitest";
import { checkWebhookUrl } from "../../src/services/webhooks/url-guard";

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

  it("refuses credentials and other schemes even when private targets are allowed", () => {
    expect(checkWebhookUrl("http://u:p@localhost/hook", lenient)).toMatchObject({ ok: false });
    expect(checkWebhookUrl("file:///etc/passwd", lenient)).toMatchObject({ ok: false });
  });
});
