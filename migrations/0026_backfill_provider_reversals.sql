-- Provider payments reversed before payments.dispute_status and refunded_minor existed (0025) say
-- why only in their events: a dispute's withdrawal recorded invoice.payment_disputed, a full refund
-- invoice.payment_refunded. A withdrawn payment is marked so, so a later won dispute posts it again;
-- a fully refunded one shows what was refunded. Payments reversed by hand stay as they are.
UPDATE `payments` SET `dispute_status` = 'withdrawn'
WHERE `provider` IS NOT NULL AND `reversed_at` IS NOT NULL AND `dispute_status` IS NULL
  AND EXISTS (SELECT 1 FROM `webhook_events` e WHERE e.`organization_id` = `payments`.`organization_id`
    AND e.`object_id` = `payments`.`id` AND e.`type` = 'invoice.payment_disputed');--> statement-breakpoint
UPDATE `payments` SET `refunded_minor` = `amount_minor`
WHERE `provider` IS NOT NULL AND `reversed_at` IS NOT NULL AND `dispute_status` IS NULL AND `refunded_minor` = 0
  AND EXISTS (SELECT 1 FROM `webhook_events` e WHERE e.`organization_id` = `payments`.`organization_id`
    AND e.`object_id` = `payments`.`id` AND e.`type` = 'invoice.payment_refunded');
