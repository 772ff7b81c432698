// Handlers of the events API.
import { createRouter } from "../../lib/create-router";
import { servicesOf } from "../../middleware/services";
import * as eventLog from "../../services/event-log";
import * as routes from "./events.routes";

type EventBody = typeof import("./events.schemas").EventSchema._output;

export const eventsRouter = createRouter()
  .openapi(routes.listEvents, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { data, nextCursor } = await eventLog.listEvents(db, organizationId, {
      limit: query.limit,
      cursor: query.cursor,
      type: query.type,
      createdGte: query.created_gte,
      createdLt: query.created_lt,
      objectId: query.object_id,
    });
    return c.json({ data: data as EventBody[], meta: { limit: query.limit, next_cursor: nextCursor } }, 200);
  })
  .openapi(routes.getEvent, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const event = await eventLog.getEvent(db, organizationId, c.req.valid("param").id);
    return c.json(event as EventBody, 200);
  });
