// What is still owed is one figure whoever reads it. Random ledgers are built through the API in
// a test organization (payments by hand and by card, card payments beyond what is due, the card
// provider's refunds, reversals, credit notes up to and beyond what is due, a prepaid amount, one
// above the total, one credit notes refund, split payment, invoices the organization owes its
// customer), then four readers must agree: the invoice's `amount_due`, the receivables report,
// the reminder sweep (which invoices it reminds, on which day, and the amount its e-mail states)
// and the test clock's next reminder. One fixed seed, and a random one named in the test title;
// replay a failure with AMOUNT_DUE_PROPERTY_SEED=<seed>.

import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../../src/lib/clock";
import { nextEvents } from "../../../src/services/test-clock";
import { api, createOrg, type TestOrg } from "../../helpers/api";
import { client, expectStatus, type Schemas } from "../../helpers/client";
import { dbOf } from "../../helpers/db";
import { createCustomer, SELLER } from "../../helpers/factories";
import {
  connect,
  fakeStripe,
  sendWebhook,
  sessionCompleted,
  stripeEvent,
  useFakeStripe,
} from "../../helpers/stripe";
import { advanceClock } from "../../helpers/test-clock";
import { createTaxRate } from "./helpers";

useFakeStripe();

const FIXED_SEED = 20_260_302;
/** Ledgers (one test organization each) per seed, and invoices per ledger. */
const RUNS = 1;
const MIN_INVOICES = 3;
const MAX_INVOICES = 5;
/** The organization's clock starts here; invoice n is due FIRST_DUE + n days. */
const START = "2026-03-02T09:00:00.000Z";
const FIRST_DUE = "2026-03-12";

type Invoice = Schemas["Invoice"];

const cents = (major: number) => Math.round(major * 100);
const major = (minor: number) => minor / 100;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const euro = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" });

// ---- The ledgers -----------------------------------------------------------------------------

type Operation =
  | { kind: "pay"; share: number }
  | { kind: "card"; factor: number }
  | { kind: "card_refund"; share: number }
  | { kind: "credit"; share: number }
  /** A share of the first line's quantity (its tax with it); refused once the line is credited. */
  | { kind: "credit_line"; share: number }
  | { kind: "reverse" };

interface InvoiceSpec {
  typeCode: "380" | "381" | "389";
  split: boolean;
  customer: 0 | 1;
  lines: { quantity: number; unitPrice: number }[];
  /**
   * With split payment: a correction line at the standard rate taking back this share of the
   * net (a credit note of the split-payment lines may then take more than the buyer pays).
   */
  correction: number | null;
  /** none; a share of what it asks (1: all of it, settled at send); above its total (owes back). */
  prepaid: { kind: "none" } | { kind: "share"; share: number } | { kind: "above"; extraCents: number };
  operations: Operation[];
}

const share = fc.double({ min: 0.05, max: 1, noNaN: true });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), share }),
  fc.record({ kind: fc.constant("card" as const), factor: fc.double({ min: 0.5, max: 1.5, noNaN: true }) }),
  fc.record({ kind: fc.constant("card_refund" as const), share }),
  // Often all that is left to credit: beyond what is due, it refunds payments, then the prepaid amount.
  fc.record({ kind: fc.constant("credit" as const), share: fc.oneof(share, fc.constant(1), fc.constant(1)) }),
  fc.record({ kind: fc.constant("credit_line" as const), share }),
  fc.constant({ kind: "reverse" as const }),
);
const invoiceSpec: fc.Arbitrary<InvoiceSpec> = fc.record({
  typeCode: fc.constantFrom<InvoiceSpec["typeCode"]>("380", "380", "380", "380", "381", "389"),
  split: fc.boolean(),
  customer: fc.constantFrom<0 | 1>(0, 1),
  lines: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 3 }),
      unitPrice: fc.integer({ min: 1_000, max: 50_000 }).map(major),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  correction: fc.option(fc.double({ min: 0.1, max: 0.6, noNaN: true }), { nil: null }),
  prepaid: fc.oneof(
    fc.constant({ kind: "none" as const }),
    fc.record({ kind: fc.constant("share" as const), share: fc.oneof(share, fc.constant(1)) }),
    fc.record({ kind: fc.constant("share" as const), share }),
    fc.record({ kind: fc.constant("above" as const), extraCents: fc.integer({ min: 1, max: 20_000 }) }),
  ),
  operations: fc.array(operation, { maxLength: 5 }),
});
const ledger = fc.array(invoiceSpec, { minLength: MIN_INVOICES, maxLength: MAX_INVOICES });

/** What the ledgers reached, for the fixed seed's coverage. */
interface Coverage {
  refundedPrepaid: number;
  split: number;
  overpaid: number;
  openBelowZero: number;
  owesBack: number;
  owedToCustomer: number;
  cardRefunds: number;
  reminded: number;
  notReminded: number;
}

interface Org {
  org: TestOrg;
  api: ReturnType<typeof client>;
  rates: { standard: string; split: string };
  customers: [string, string];
}

async function testOrganization(): Promise<Org> {
  setClockForTests(() => new Date(START));
  const org = await createOrg({ currency: "EUR", testMode: true }).finally(() => setClockForTests());
  const typed = client(org.owner.key);
  const profile = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, reminder_schedule: [{ offset_days: 1 }] },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  await connect(org);
  const standard = await createTaxRate(org, { percentage: 19, category: "S" });
  const split = await createTaxRate(org, {
    display_name: "IVA 22% scissione",
    percentage: 22,
    category: "B",
  });
  const customers: [string, string] = [
    (await createCustomer(org, { name: "Kunde AG", email: "ap@kunde.example" })).id,
    (await createCustomer(org, { name: "Globex", email: "ap@globex.example" })).id,
  ];
  return { org, api: typed, rates: { standard: standard.id, split: split.id }, customers };
}

const readInvoice = async (o: Org, id: string) =>
  expectStatus(await o.api.GET("/v1/invoices/{id}", { params: { path: { id } } }), 200) as Invoice;

const isOpen = (invoice: Invoice) => invoice.status === "sent" || invoice.status === "overdue";
const owedToCustomer = (invoice: Invoice) => invoice.type_code === "381" || invoice.type_code === "389";

/** Issues one invoice of the spec, due on `dueDate`, and applies its operations. */
async function issue(o: Org, spec: InvoiceSpec, dueDate: string, coverage: Coverage) {
  const split = spec.split && spec.typeCode === "380";
  const net = spec.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const created = expectStatus(
    await o.api.POST("/v1/invoices", {
      body: {
        customer_id: o.customers[spec.customer],
        due_date: dueDate,
        type_code: spec.typeCode,
        ...(spec.typeCode === "381" ? { preceding_invoice: { number: "EXT-1" } } : {}),
        items: [
          ...spec.lines.map((line, n) => ({
            description: `Line ${n}`,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            tax_rate_id: split ? o.rates.split : o.rates.standard,
          })),
          ...(split && spec.correction !== null
            ? [
                {
                  description: "Correction",
                  quantity: -1,
                  unit_price: major(Math.round(cents(net) * spec.correction)),
                  tax_rate_id: o.rates.standard,
                },
              ]
            : []),
        ],
      },
    }),
    201,
  ) as Invoice;
  const payable = cents(created.total) - cents(created.split_payment_amount ?? 0);
  const prepaid =
    spec.prepaid.kind === "share"
      ? Math.floor(payable * spec.prepaid.share)
      : spec.prepaid.kind === "above" && spec.typeCode === "380" && !split
        ? cents(created.total) + spec.prepaid.extraCents
        : 0;
  if (prepaid > 0) {
    expectStatus(
      await o.api.PATCH("/v1/invoices/{id}", {
        params: { path: { id: created.id } },
        body: { prepaid_amount: major(prepaid) },
      }),
      200,
    );
  }
  const id = created.id;
  expectStatus(await o.api.POST("/v1/invoices/{id}/send", { params: { path: { id } } }), 200);
  const byHand: string[] = [];
  const byCard: { intent: string; amount: number; refunded: number }[] = [];
  for (const [n, step] of spec.operations.entries()) {
    const invoice = await readInvoice(o, id);
    const due = cents(invoice.amount_due);
    if (step.kind === "pay" && isOpen(invoice) && !owedToCustomer(invoice) && due > 0) {
      const payment = expectStatus(
        await o.api.POST("/v1/invoices/{id}/payments", {
          params: { path: { id } },
          body: { amount: major(Math.max(1, Math.floor(due * step.share))) },
        }),
        201,
      );
      byHand.push(payment.id);
    } else if (
      step.kind === "card" &&
      !owedToCustomer(invoice) &&
      (isOpen(invoice) || invoice.status === "paid")
    ) {
      // A checkout for what was due when the page was opened: the customer may pay it twice, or
      // Stripe may take more than is due now.
      const amount = Math.max(100, Math.round(Math.max(due, payable - prepaid) * step.factor));
      const intent = `pi_${id}_${n}`;
      const posted = await sendWebhook(o.org, sessionCompleted(o.org, invoice, intent, amount));
      expect(posted.body, JSON.stringify(posted.body)).toEqual({ received: true, outcome: "posted" });
      byCard.push({ intent, amount, refunded: 0 });
    } else if (step.kind === "card_refund" && byCard.length > 0) {
      const charge = byCard[n % byCard.length]!;
      if (charge.refunded >= charge.amount) continue;
      const refunded =
        charge.refunded + Math.max(1, Math.floor((charge.amount - charge.refunded) * step.share));
      const res = await sendWebhook(
        o.org,
        stripeEvent("charge.refunded", {
          id: `ch_${charge.intent}`,
          object: "charge",
          payment_intent: charge.intent,
          amount: charge.amount,
          amount_refunded: refunded,
          refunded: refunded >= charge.amount,
          currency: "eur",
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      charge.refunded = refunded;
      coverage.cardRefunds++;
    } else if (
      (step.kind === "credit" || step.kind === "credit_line") &&
      invoice.status !== "void" &&
      !owedToCustomer(invoice)
    ) {
      const creditable = cents(invoice.total) - cents(invoice.amount_credited);
      if (creditable <= 0) continue;
      const [first] = invoice.items;
      const res = await o.api.POST("/v1/credit-notes", {
        body:
          step.kind === "credit"
            ? {
                invoice_id: id,
                reason: "random",
                amount: major(Math.max(1, Math.floor(creditable * step.share))),
              }
            : {
                invoice_id: id,
                reason: "a share of a line",
                lines: [
                  {
                    invoice_item_id: first!.id,
                    quantity: Math.ceil(first!.quantity * step.share * 100) / 100,
                  },
                ],
              },
      });
      // A line (or its rate) with less left to credit than asked: 422, and nothing changes.
      if (step.kind === "credit_line" && res.response.status === 422) continue;
      const note = expectStatus(res, 201);
      // Beyond what was due and what was paid: the note refunded the prepaid amount too.
      if (cents(note.refund_amount) > cents(invoice.amount_paid) && cents(invoice.prepaid_amount) > 0) {
        coverage.refundedPrepaid++;
      }
    } else if (step.kind === "reverse" && byHand.length > 0) {
      const paymentId = byHand.pop() as string;
      const res = await api("DELETE", `/v1/invoices/${id}/payments/${paymentId}`, { token: o.org.owner.key });
      // A payment a credit note refunded already cannot be reversed.
      expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    }
  }
  return readInvoice(o, id);
}

// ---- The readers -----------------------------------------------------------------------------

async function checkLedger(specs: InvoiceSpec[], coverage: Coverage) {
  const o = await testOrganization();
  const issued: Invoice[] = [];
  for (const [n, spec] of specs.entries()) {
    issued.push(await issue(o, spec, addDays(FIRST_DUE, n), coverage));
  }
  // What the API answers: the customer may pay an open invoice it owes with something due.
  const payable = issued.filter(
    (invoice) => isOpen(invoice) && !owedToCustomer(invoice) && invoice.amount_due > 0,
  );
  const receivable = issued.filter((invoice) => isOpen(invoice) && !owedToCustomer(invoice));
  for (const invoice of issued) {
    if (invoice.split_payment_amount) coverage.split++;
    if (owedToCustomer(invoice)) coverage.owedToCustomer++;
    else if (cents(invoice.prepaid_amount) > cents(invoice.total)) coverage.owesBack++;
    else if (invoice.amount_due < 0 && isOpen(invoice)) coverage.openBelowZero++;
    else if (invoice.amount_due < 0) coverage.overpaid++;
  }
  const label = (invoice: Invoice) =>
    `${invoice.id} ${invoice.type_code} ${invoice.status} total ${invoice.total} prepaid ` +
    `${invoice.prepaid_amount} split ${invoice.split_payment_amount ?? 0} paid ${invoice.amount_paid} ` +
    `credited ${invoice.amount_credited} due ${invoice.amount_due}`;
  const ledgerText = issued.map(label).join("\n");

  // The receivables report adds up the amount due of the open invoices the customers owe.
  const report = expectStatus(await o.api.GET("/v1/reports/receivables"), 200);
  const totalOf = (invoices: Invoice[]) =>
    invoices.reduce((sum, invoice) => sum + cents(invoice.amount_due), 0);
  if (receivable.length === 0) expect(report.data, ledgerText).toEqual([]);
  else {
    expect(report.data, ledgerText).toHaveLength(1);
    const [euros] = report.data;
    expect(cents(euros!.total), ledgerText).toBe(totalOf(receivable));
    expect(euros!.invoices, ledgerText).toBe(receivable.length);
  }
  for (const row of report.customers) {
    const theirs = receivable.filter((invoice) => invoice.customer_id === row.customer_id);
    expect(cents(row.total), ledgerText).toBe(totalOf(theirs));
    expect(row.invoices, ledgerText).toBe(theirs.length);
  }

  // The test clock plans the first reminder on the day after the earliest due date of them.
  const planned = (await nextEvents(await dbOf(o.org.organizationId), o.org.organizationId))[
    "payment-reminders"
  ];
  const dueDates = payable.map((invoice) => invoice.due_date).sort();
  expect(planned, ledgerText).toBe(dueDates.length > 0 ? addDays(dueDates[0]!, 1) : null);

  // Moving the clock past every due date reminds exactly those, each the day after it fell due
  // (the day the test clock planned for it), and the e-mail states what the invoice answers.
  await advanceClock(o.api, addDays(FIRST_DUE, specs.length + 1));
  for (const invoice of issued) {
    const emails = expectStatus(
      await o.api.GET("/v1/invoices/{id}/emails", { params: { path: { id: invoice.id } } }),
      200,
    ).data;
    const reminders = emails.filter((email) => email.kind === "reminder");
    if (!payable.includes(invoice)) {
      expect(reminders, label(invoice)).toEqual([]);
      coverage.notReminded++;
      continue;
    }
    expect(reminders, label(invoice)).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder!.created_at.slice(0, 10), label(invoice)).toBe(addDays(invoice.due_date, 1));
    expect(reminder!.text, label(invoice)).toContain(`Amount due: ${euro.format(invoice.amount_due)}`);
    coverage.reminded++;
  }
}

/**
 * A ledger that reaches every case, run first under the fixed seed: a prepaid amount a credit
 * note refunds, split payment paid in part, a credit note of split-payment lines beside a
 * correction line that takes more than the buyer pays (it stays open below 0 after refunding the
 * prepaid amount), a card payment beyond what is due, a card payment refunded in part (the
 * invoice reopens), a prepaid amount above the total, a 381 and a 389.
 */
const line = (unitPrice: number, quantity = 1) => ({ quantity, unitPrice });
const EVERY_CASE: InvoiceSpec[] = [
  {
    typeCode: "380",
    split: false,
    customer: 0,
    lines: [line(100)],
    correction: null,
    prepaid: { kind: "share", share: 0.5 },
    operations: [{ kind: "credit", share: 1 }],
  },
  {
    typeCode: "380",
    split: true,
    customer: 1,
    lines: [line(200, 2)],
    correction: null,
    prepaid: { kind: "none" },
    operations: [{ kind: "pay", share: 0.5 }],
  },
  {
    typeCode: "380",
    split: true,
    customer: 1,
    lines: [line(100)],
    correction: 0.5,
    prepaid: { kind: "share", share: 0.25 },
    operations: [{ kind: "credit_line", share: 0.5 }],
  },
  {
    typeCode: "380",
    split: false,
    customer: 0,
    lines: [line(100)],
    correction: null,
    prepaid: { kind: "none" },
    operations: [{ kind: "card", factor: 1.3 }],
  },
  {
    typeCode: "380",
    split: false,
    customer: 1,
    lines: [line(80)],
    correction: null,
    prepaid: { kind: "share", share: 0.25 },
    operations: [
      { kind: "card", factor: 1 },
      { kind: "card_refund", share: 0.5 },
    ],
  },
  {
    typeCode: "380",
    split: false,
    customer: 0,
    lines: [line(100)],
    correction: null,
    prepaid: { kind: "above", extraCents: 5_000 },
    operations: [],
  },
  {
    typeCode: "381",
    split: false,
    customer: 1,
    lines: [line(50)],
    correction: null,
    prepaid: { kind: "none" },
    operations: [{ kind: "pay", share: 1 }],
  },
  {
    typeCode: "389",
    split: false,
    customer: 0,
    lines: [line(70)],
    correction: null,
    prepaid: { kind: "none" },
    operations: [{ kind: "credit", share: 1 }],
  },
];

async function checkSeed(seed: number, examples: InvoiceSpec[][]) {
  const coverage: Coverage = {
    refundedPrepaid: 0,
    split: 0,
    overpaid: 0,
    openBelowZero: 0,
    owesBack: 0,
    owedToCustomer: 0,
    cardRefunds: 0,
    reminded: 0,
    notReminded: 0,
  };
  fakeStripe();
  await fc.assert(
    fc.asyncProperty(ledger, (specs) => checkLedger(specs, coverage)),
    { seed, numRuns: RUNS + examples.length, examples: examples.map((specs) => [specs]) },
  );
  if (examples.length > 0) {
    for (const [reached, count] of Object.entries(coverage)) {
      expect(count, `${reached} in ${JSON.stringify(coverage)}`).toBeGreaterThan(0);
    }
  }
}

// The environment variable reaches workerd as a binding (vitest.config.ts).
const randomSeed = Number(env.AMOUNT_DUE_PROPERTY_SEED) || Math.floor(Math.random() * 2 ** 31);

describe("the amount due agrees across the API, the receivables report, the reminders and the test clock", () => {
  it(
    `fixed seed ${FIXED_SEED}, after a ledger that reaches every case`,
    () => checkSeed(FIXED_SEED, [EVERY_CASE]),
    120_000,
  );

  it(
    `random seed ${randomSeed} (replay: AMOUNT_DUE_PROPERTY_SEED=${randomSeed})`,
    () => checkSeed(randomSeed, []),
    120_000,
  );
});
