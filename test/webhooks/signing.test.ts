import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateSecret, signatureHeaders, signPayload } from "../../src/services/webhooks/signing";

describe("Standard Webhooks signing", () => {
  it("generates whsec_ secrets of 32 random bytes", () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(secret.slice(6))).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });

  it("matches the specification's example signature", async () => {
    // The example of the Standard Webhooks specification (and its reference libraries).
    const signature = await signPayload(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("produces headers the standardwebhooks library verifies, with every secret signing", async () => {
    const [a, b] = [generateSecret(), generateSecret()];
    const body = JSON.stringify({
      id: "evt_1",
      type: "invoice.created",
      created_at: "x",
      data: { object: {} },
    });
    const headers = await signatureHeaders([a, b], "evt_1", Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ id: "evt_1" });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ id: "evt_1" });
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });
});
