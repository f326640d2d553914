import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../src/islands/dashboard/admin-ui";
import { deliveryState } from "../../src/islands/dashboard/screens/webhooks/Deliveries";

const due = "2026-11-30T18:34:05.000Z";
const attempt = {
  at: "2026-11-30T18:33:05.000Z",
  ok: false,
  status_code: 503,
  response_body: null,
  error: null,
  manual: false,
};

describe("a webhook delivery's state, as the Deliveries list words it", () => {
  it("says a waiting delivery with no attempt yet is waiting to be sent, and when", () => {
    expect(deliveryState({ status: "pending", next_attempt_at: due, attempts: [] })).toBe(
      `Waiting to be sent (${formatDateTime(due)})`,
    );
  });

  it("says a waiting delivery that was tried is waiting to be tried again, and when", () => {
    expect(deliveryState({ status: "pending", next_attempt_at: due, attempts: [attempt] })).toBe(
      `Waiting to be tried again (${formatDateTime(due)})`,
    );
  });

  it("names the other states without a time", () => {
    expect(deliveryState({ status: "sending", next_attempt_at: null, attempts: [] })).toBe("Being sent");
    expect(
      deliveryState({
        status: "delivered",
        next_attempt_at: null,
        attempts: [{ ...attempt, ok: true, status_code: 200 }],
      }),
    ).toBe("Delivered");
    expect(deliveryState({ status: "failed", next_attempt_at: null, attempts: [attempt] })).toBe("Failed");
  });
});
