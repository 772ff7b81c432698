// Handlers of /v1/bank-statements and /v1/bank-transactions. The import is mounted by hand (its
// body is streamed into the parser, never read whole) and registered for the OpenAPI document.

import { readStatement, StatementFormatError } from "../../lib/bank-statement";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import { MAX_BANK_STATEMENT_BYTES } from "../../lib/limits";
import { offsetResult } from "../../lib/pagination";
import { requireUser } from "../../middleware/auth";
import { servicesOf } from "../../middleware/services";
import * as bank from "../../services/bank";
import * as routes from "./bank.routes";

export const bankRouter = createRouter();

bankRouter.openAPIRegistry.registerPath(routes.importDoc);
bankRouter.post("/v1/bank-statements", requireUser(), async function importBankStatement(c) {
  const { db, organizationId, user, dispatch } = servicesOf(c);
  let imported: Awaited<ReturnType<typeof bank.importStatement>>;
  try {
    // Read as it streams: a malformed part found after earlier parts were written removes them.
    const stream = readStatement(
      c.req.raw.body,
      c.req.header("Content-Type") ?? "",
      MAX_BANK_STATEMENT_BYTES,
    );
    imported = await bank.importStatement(db, organizationId, user.id, stream);
  } catch (error) {
    if (error instanceof StatementFormatError) {
      throw new ApiError("validation_error", `The statement is malformed: ${error.message}`, {
        details: { file: error.message, location: error.where },
      });
    }
    throw error;
  }
  const { statement, eventIds } = imported;
  dispatch(eventIds);
  return c.json(statement, 201);
});

bankRouter
  .openapi(routes.listBankStatements, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await bank.listStatements(db, organizationId, query);
    return c.json(offsetResult(rows, total, query), 200);
  })
  .openapi(routes.listBankTransactions, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await bank.listTransactions(db, organizationId, query);
    return c.json(offsetResult(rows, total, query), 200);
  })
  .openapi(routes.getBankTransaction, async (c) => {
    const { db, organizationId } = servicesOf(c);
    return c.json(await bank.getTransaction(db, organizationId, c.req.valid("param").id), 200);
  })
  .openapi(routes.matchBankTransaction, async (c) => {
    const { db, organizationId, user, dispatch } = servicesOf(c);
    const { transaction, eventIds } = await bank.matchTransaction(
      db,
      organizationId,
      user.id,
      c.req.valid("param").id,
      c.req.valid("json").allocations,
    );
    dispatch(eventIds);
    return c.json(transaction, 200);
  })
  .openapi(routes.ignoreBankTransaction, async (c) => {
    const { db, organizationId, user } = servicesOf(c);
    return c.json(await bank.ignoreTransaction(db, organizationId, user.id, c.req.valid("param").id), 200);
  })
  .openapi(routes.unmatchBankTransaction, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { transaction, eventIds } = await bank.unmatchTransaction(
      db,
      organizationId,
      c.req.valid("param").id,
    );
    dispatch(eventIds);
    return c.json(transaction, 200);
  });
