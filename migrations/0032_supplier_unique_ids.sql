DROP INDEX `suppliers_organization_endpoint_idx`;--> statement-breakpoint
DROP INDEX `suppliers_organization_vat_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_organization_endpoint_unique` ON `suppliers` (`organization_id`,`electronic_address_scheme`,`electronic_address_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_organization_vat_unique` ON `suppliers` (`organization_id`,`vat_id`);--> statement-breakpoint
CREATE INDEX `suppliers_organization_company_idx` ON `suppliers` (`organization_id`,`company_id`);--> statement-breakpoint
CREATE INDEX `suppliers_organization_tax_registration_idx` ON `suppliers` (`organization_id`,`tax_registration_id`);