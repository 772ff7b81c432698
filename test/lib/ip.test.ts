import { describe, expect, it } from "vitest";
import {
  formatIpv4,
  ipv6Prefix64,
  mappedIpv4,
  parseIp,
  parseIpv4,
  parseIpv6,
  specialIpv4Range,
  specialIpv6Range,
  specialRange,
} from "../../src/lib/ip";

const v6 = (text: string) => parseIpv6(text) as number[];

describe("parseIpv4", () => {
  it.each([
    ["0.0.0.0", 0],
    ["127.0.0.1", 0x7f000001],
    ["255.255.255.255", 0xffffffff],
    ["198.51.100.7", 0xc6336407],
  ])("reads %s", (text, value) => {
    expect(parseIpv4(text)).toBe(value);
    expect(formatIpv4(value)).toBe(text);
  });

  it.each([
    "256.0.0.1",
    "1.2.3",
    "1.2.3.4.5",
    "010.0.0.1",
    "1.2.3.-4",
    " 1.2.3.4",
    "0x7f.0.0.1",
    "",
    "a.b.c.d",
  ])("refuses %j", (text) => {
    expect(parseIpv4(text)).toBeUndefined();
  });
});

describe("parseIpv6", () => {
  it.each([
    ["2001:db8:0:0:0:0:0:1", [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]],
    ["2001:0DB8:0000:0000:0000:0000:0000:0001", [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]],
    ["2001:db8::1", [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]],
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["fe80::", [0xfe80, 0, 0, 0, 0, 0, 0, 0]],
    ["1:2:3:4:5:6:7::", [1, 2, 3, 4, 5, 6, 7, 0]],
    ["::ffff:192.0.2.1", [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]],
    ["2001:db8:1:2:3:4:1.2.3.4", [0x2001, 0xdb8, 1, 2, 3, 4, 0x0102, 0x0304]],
    ["64:ff9b::8.8.8.8", [0x64, 0xff9b, 0, 0, 0, 0, 0x0808, 0x0808]],
  ])("reads %s", (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each([
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4::5:6:7:8", // `::` must stand for at least one group
    "1::2::3",
    "12345::1",
    "00001::1",
    "g::1",
    ":1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:",
    "1.2.3.4::1", // an IPv4 tail only at the end
    "::1.2.3.4:1",
    "1:2:3:4:5:6:7:1.2.3.4", // nine groups
    "::256.0.0.1",
    "",
    "1:2:3:4:5:6:7:8%eth0", // zone ids are parseIp's
  ])("refuses %j", (text) => {
    expect(parseIpv6(text)).toBeUndefined();
  });
});

describe("parseIp", () => {
  it("reads either version, in brackets or with a zone id", () => {
    expect(parseIp("192.0.2.1")).toEqual({ version: 4, value: 0xc0000201 });
    expect(parseIp("[2001:db8::1]")).toEqual({ version: 6, groups: v6("2001:db8::1") });
    expect(parseIp("fe80::1%eth0")).toEqual({ version: 6, groups: v6("fe80::1"), zone: "eth0" });
    expect(parseIp("[fe80::1%25]")).toEqual({ version: 6, groups: v6("fe80::1"), zone: "25" });
  });

  it.each(["local", "example.com", "[1.2.3.4", "fe80::1%", "fe80::1%et h0", "[::1]:443", "1.2.3.4%eth0"])(
    "refuses %j",
    (text) => {
      expect(parseIp(text)).toBeUndefined();
    },
  );
});

describe("rate limiter helpers", () => {
  it("names the /64 network of an address", () => {
    expect(ipv6Prefix64(v6("2001:db8:a:b:c:d:e:f"))).toBe("2001:db8:a:b::/64");
    expect(ipv6Prefix64(v6("::1"))).toBe("0:0:0:0::/64");
  });

  it("finds the IPv4 address of a mapped address only", () => {
    expect(mappedIpv4(v6("::ffff:198.51.100.7"))).toBe(0xc6336407);
    expect(mappedIpv4(v6("::ffff:c633:6407"))).toBe(0xc6336407);
    expect(mappedIpv4(v6("::198.51.100.7"))).toBeUndefined();
    expect(mappedIpv4(v6("2001:db8::ffff:1:2"))).toBeUndefined();
  });
});

describe("special-purpose ranges", () => {
  it.each([
    ["0.1.2.3", "this network"],
    ["10.255.0.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["198.19.0.1", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["8.8.8.8", undefined],
    ["172.32.0.1", undefined],
    ["100.128.0.1", undefined],
  ])("IPv4 %s is %s", (text, range) => {
    expect(specialIpv4Range(parseIpv4(text) as number)).toBe(range);
  });

  it.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fc00::1", "unique local"],
    ["fdff:ffff::1", "unique local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:0:169.254.169.254", "link-local"],
    ["::10.0.0.1", "private"],
    ["64:ff9b::192.168.0.1", "private"],
    ["64:ff9b:1::8.8.8.8", "local-use NAT64"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2606:4700:4700::1111", undefined],
    ["::ffff:8.8.8.8", undefined],
    ["64:ff9b::8.8.8.8", undefined],
    ["2002:808:808::1", undefined],
    ["fe00::1", undefined],
  ])("IPv6 %s is %s", (text, range) => {
    expect(specialIpv6Range(v6(text))).toBe(range);
  });

  it("judges a parsed address of either version, zone id or not", () => {
    expect(specialRange(parseIp("fe80::1%eth0") as never)).toBe("link-local");
    expect(specialRange(parseIp("[::1]") as never)).toBe("loopback");
    expect(specialRange(parseIp("192.0.2.10") as never)).toBe("documentation");
  });
});
