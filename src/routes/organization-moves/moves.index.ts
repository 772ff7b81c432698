// Handlers of the operator's organization moves.
import { createRouter } from "../../lib/create-router";
import * as moves from "../../services/tenancy/move";
import * as routes from "./moves.routes";

export const organizationMovesRouter = createRouter()
  .openapi(routes.startOrganizationMove, async (c) => {
    const { id } = c.req.valid("param");
    const { move, started } = await moves.startMove(c.env, id, c.req.valid("json").database);
    return c.json(moves.serializeMove(move), started ? 201 : 200);
  })
  .openapi(routes.stepOrganizationMove, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(moves.serializeMove(await moves.stepMove(c.env, id)), 200);
  })
  .openapi(routes.getOrganizationMove, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(moves.serializeMove(await moves.getMove(c.env, id)), 200);
  });
