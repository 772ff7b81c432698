DROP INDEX `projects_organization_status_idx`;--> statement-breakpoint
DROP INDEX `projects_organization_created_idx`;--> statement-breakpoint
CREATE INDEX `projects_organization_status_created_idx` ON `projects` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_organization_created_idx` ON `projects` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `invoices_organization_created_idx`;--> statement-breakpoint
CREATE INDEX `invoices_customer_idx` ON `invoices` (`customer_id`);--> statement-breakpoint
CREATE INDEX `invoices_organization_created_idx` ON `invoices` (`organization_id`,`created_at`,`id`,`status`,`due_date`);--> statement-breakpoint
DROP INDEX `milestones_project_position_idx`;--> statement-breakpoint
CREATE INDEX `milestones_project_position_idx` ON `milestones` (`project_id`,`position`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `tasks_project_milestone_idx`;--> statement-breakpoint
DROP INDEX `tasks_project_status_idx`;--> statement-breakpoint
CREATE INDEX `tasks_project_created_idx` ON `tasks` (`project_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_milestone_idx` ON `tasks` (`milestone_id`);--> statement-breakpoint
CREATE INDEX `tasks_project_milestone_idx` ON `tasks` (`project_id`,`milestone_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_project_status_idx` ON `tasks` (`project_id`,`status`,`created_at`,`id`);