// GENERATED FILE, do not edit: the types of the Invoicing API's /openapi.json, made by
// openapi-typescript (tools/openapi-client/generate.mjs). Regenerate after changing a route or
// schema: `npm run client:generate`. `npm test` fails while this file is out of date
// (test/node/client-drift.test.ts).
export interface paths {
    "/v1/admin/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an organization with its owner and the owner's first API key */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an organization's name or tier */
        patch: operations["adminUpdateOrganization"];
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's members */
        get: operations["listMembers"];
        put?: never;
        /** Add a member (owner or admin only); answers the member's first API key once */
        post: operations["createMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member: their API keys and tokens stop working at once
         * @description The last owner cannot be removed (409 conflict, last_owner).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (owner or admin; only an owner touches owners and other admins)
         * @description The new role applies to the member's next request, whatever credential it carries. The last owner cannot be demoted (409 conflict, last_owner).
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's API keys (never the keys themselves) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key for the caller (owner or admin only) */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange an API key for a JWT (HS256, valid one hour) */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller and their organization */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the caller's organization with its billing profile */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the name, default currency or billing profile (owner or admin; null clears a field) */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/v1/organization/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the organization's logo (printed top-left on its PDFs) */
        get: operations["getOrganizationLogo"];
        /**
         * Upload or replace the logo (owner or admin): the raw PNG or JPEG bytes, at most 512 KB
         * @description The body is the image itself with `Content-Type: image/png` or `image/jpeg`. The bytes must be what the header says (checked by their signature): 422 otherwise. Over 512 KB (524,288 bytes): 413 `payload_too_large`.
         */
        put: operations["uploadOrganizationLogo"];
        post?: never;
        /** Remove the logo (owner or admin) */
        delete: operations["deleteOrganizationLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's webhook endpoints, newest first */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint; answers its signing secret once
         * @description At most 16 enabled endpoints per organization (409 conflict, endpoint_limit_reached).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint (never its secret) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change url, events, description or enabled; disabling fails its pending deliveries
         * @description Enabling counts against the 16 enabled endpoints per organization (409 conflict, endpoint_limit_reached).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new signing secret; the previous one also signs for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint now and answer the delivery */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's deliveries, newest first, optionally by status */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with the body sent and every attempt */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attempt a failed or pending delivery again now */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/webhooks/rewrap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Seal webhook signing secrets under the current master key version (bounded per call) */
        post: operations["rewrapWebhookSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's events, newest first (cursor pages, kept 30 days) */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event, with the payload webhooks deliver */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List projects, newest first; search matches part of the name */
        get: operations["listProjectsUnversioned"];
        put?: never;
        /** Create a project for a customer of the organization */
        post: operations["createProjectUnversioned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a project */
        get: operations["getProjectUnversioned"];
        /** Replace a project's fields; status moves are limited (409 otherwise) */
        put: operations["replaceProjectUnversioned"];
        post?: never;
        /** Delete a project with its milestones and tasks */
        delete: operations["deleteProjectUnversioned"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/milestones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's milestones by order */
        get: operations["listMilestonesUnversioned"];
        put?: never;
        /** Add a milestone; without order it goes last */
        post: operations["createMilestoneUnversioned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/milestones/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the order of some or all milestones at once
         * @description Every id must be a milestone of the project and appear once; the resulting orders must be distinct non-negative integers (milestones left out keep theirs). Applied atomically.
         */
        patch: operations["reorderMilestonesUnversioned"];
        trace?: never;
    };
    "/projects/{projectId}/milestones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a milestone with its task counts */
        get: operations["getMilestoneUnversioned"];
        /** Replace a milestone's fields */
        put: operations["replaceMilestoneUnversioned"];
        post?: never;
        /** Delete a milestone; its tasks stay in the project without a milestone */
        delete: operations["deleteMilestoneUnversioned"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's tasks, oldest first */
        get: operations["listTasksUnversioned"];
        put?: never;
        /** Add a task, optionally under one of the project's milestones */
        post: operations["createTaskUnversioned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a task */
        get: operations["getTaskUnversioned"];
        /** Replace a task's fields (move it between milestones, change its status) */
        put: operations["replaceTaskUnversioned"];
        post?: never;
        /** Delete a task */
        delete: operations["deleteTaskUnversioned"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List projects, newest first; search matches part of the name */
        get: operations["listProjects"];
        put?: never;
        /** Create a project for a customer of the organization */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a project */
        get: operations["getProject"];
        /** Replace a project's fields; status moves are limited (409 otherwise) */
        put: operations["replaceProject"];
        post?: never;
        /** Delete a project with its milestones and tasks */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/milestones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's milestones by order */
        get: operations["listMilestones"];
        put?: never;
        /** Add a milestone; without order it goes last */
        post: operations["createMilestone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/milestones/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the order of some or all milestones at once
         * @description Every id must be a milestone of the project and appear once; the resulting orders must be distinct non-negative integers (milestones left out keep theirs). Applied atomically.
         */
        patch: operations["reorderMilestones"];
        trace?: never;
    };
    "/v1/projects/{projectId}/milestones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a milestone with its task counts */
        get: operations["getMilestone"];
        /** Replace a milestone's fields */
        put: operations["replaceMilestone"];
        post?: never;
        /** Delete a milestone; its tasks stay in the project without a milestone */
        delete: operations["deleteMilestone"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a project's tasks, oldest first */
        get: operations["listTasks"];
        put?: never;
        /** Add a task, optionally under one of the project's milestones */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a task */
        get: operations["getTask"];
        /** Replace a task's fields (move it between milestones, change its status) */
        put: operations["replaceTask"];
        post?: never;
        /** Delete a task */
        delete: operations["deleteTask"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers, newest first, optionally searching name or e-mail */
        get: operations["listCustomers"];
        put?: never;
        /** Create a customer with its address */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a customer */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        /** Delete a customer that has no invoices (409 customer_has_invoices otherwise) */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        /** Change some of a customer's fields (address fields one by one) */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products, newest first */
        get: operations["listProducts"];
        put?: never;
        /** Create a product */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a product */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        /** Delete a product (invoice lines keep their copy) */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        /** Change some of a product's fields */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/v1/tax-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tax rates, newest first, optionally only archived or only active ones */
        get: operations["listTaxRates"];
        put?: never;
        /** Create a tax rate (owner or admin) */
        post: operations["createTaxRate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tax-rates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a tax rate (archived ones too) */
        get: operations["getTaxRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename or archive a tax rate (archived: true); its terms change only while no invoice line uses it (409 tax_rate_in_use otherwise) */
        patch: operations["updateTaxRate"];
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices with their items: filters, sort (newest first by default), offset or keyset pages */
        get: operations["listInvoices"];
        put?: never;
        /** Create a draft invoice; its number is assigned here */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an invoice with its items */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        /** Delete a draft invoice (409 invoice_not_draft otherwise) */
        delete: operations["deleteInvoice"];
        options?: never;
        head?: never;
        /** Edit a draft; on a sent or overdue invoice only notes and { status: 'paid' } */
        patch: operations["updateInvoice"];
        trace?: never;
    };
    "/v1/invoices/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail the invoice to the customer (draft -> sent); again while sent or overdue: a reminder
         * @description The status change and the e-mail record (`queued`) commit first, then the transport is called. Two concurrent sends: one 200, the other 409 `concurrent_update`, one e-mail. If the provider refuses the message, the invoice stays sent, the e-mail reads `failed` in GET /emails and the answer is 500 with `details.reason = "email_delivery_failed"`: sending again retries the invoice e-mail (a reminder only once an invoice e-mail went out).
         */
        post: operations["sendInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a sent or overdue invoice paid */
        post: operations["payInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mails sent for an invoice, oldest first */
        get: operations["listInvoiceEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice's payments ledger, oldest first (reversed ones included, marked reversed_at) */
        get: operations["listInvoicePayments"];
        put?: never;
        /**
         * Record a payment received; the one that brings amount_due to zero makes the invoice paid
         * @description Partial payments leave the invoice sent or overdue with a smaller `amount_due`. More than `amount_due`: 422 on `amount`. Draft: 409 `invoice_not_sent`; paid: 409 `invoice_paid`; void: 409 `invoice_void`. Concurrent payments are checked against each other and never overpay.
         */
        post: operations["createInvoicePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Reverse a payment (e.g. a bounced transfer): kept in the ledger with reversed_at; reopens a paid invoice */
        delete: operations["reverseInvoicePayment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Void a sent or overdue invoice without payments: a full credit note, status void (terminal) */
        post: operations["voidInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit notes of an invoice, newest first */
        get: operations["listInvoiceCreditNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invoice as a PDF (A4, or US Letter for US and Canadian sellers); drafts are marked DRAFT
         * @description `?format=facturx` answers the Factur-X / ZUGFeRD hybrid: the same PDF as PDF/A-3b with the CII XML embedded as `factur-x.xml` (profile EN 16931). A draft has none (409); when EN 16931 lacks a field, 422 names each one in `details`, as GET /einvoice does.
         */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/hosted-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new link to the invoice's hosted page; the old link stops working (404) at once
         * @description The token is 32 random bytes (base64url). A draft has no page: 409 `invoice_not_sent`. The new `url` is also the invoice's `hosted_url` from now on.
         */
        post: operations["rotateHostedLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invoice as an EN 16931 e-invoice: UBL 2.1 (Peppol BIS 3.0) or CII D16B
         * @description Draft: 409 `invoice_not_issued`. When EN 16931 needs something the invoice lacks (the seller's VAT id, an address, a line's VAT category, ...): 422 with `details` naming each field. Currencies with more than 2 decimals: 422 on `currency` (BR-DEC).
         */
        get: operations["getInvoiceEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List credit notes, newest first, optionally of one invoice or customer */
        get: operations["listCreditNotes"];
        put?: never;
        /**
         * Correct a sent, overdue or paid invoice: credit lines or an amount (number CN-000001 upward)
         * @description Either `lines` (each an invoice line by quantity or by amount after discounts) or a single `amount` (tax included, spread over the invoice's VAT rates pro rata). Tax is computed with the credited lines' rates. The total credited never exceeds the invoice total (422). On an unpaid invoice the note lowers `amount_due`; beyond what is due it is a refund (`refund_amount`).
         */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a credit note */
        get: operations["getCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit note as a PDF, naming the invoice it corrects and why
         * @description `?format=facturx`: the same PDF as PDF/A-3b with the credit note's CII XML (type code 381) embedded as `factur-x.xml`; 422 names what EN 16931 lacks.
         */
        get: operations["getCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/einvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit note as an EN 16931 e-invoice: UBL 2.1 CreditNote (Peppol BIS 3.0) or CII D16B (381)
         * @description When EN 16931 needs something the note lacks: 422 with `details` naming each field.
         */
        get: operations["getCreditNoteEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/tax": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Taxable amount and tax per currency, VAT category and rate, by issue date: invoices minus credit notes */
        get: operations["getTaxReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/receivables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Amount due on open invoices per currency and per customer, in aging buckets */
        get: operations["getReceivablesReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (streamed; encrypted unless public)
         * @description multipart/form-data with one part named `file`. At most 50 MB (2^20 bytes each) of file (400 file_too_large) and 55 MB of body (413 payload_too_large).
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/download/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file (decrypted); Range gives 206; HEAD gives the headers only */
        get: operations["downloadDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/shared/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download through a share link (no authentication) */
        get: operations["downloadSharedDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's documents the caller may read */
        get: operations["listDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invoice's attachments (documents uploaded with its id as Entity-Id) the caller may read */
        get: operations["listInvoiceDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document's metadata (records a view) */
        get: operations["getDocumentMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document's audit log (owner, or the organization's owner/admin); outlives the document */
        get: operations["getDocumentAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a document (owner only; irreversible: blob and key are destroyed) */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a share link (not for restricted documents) */
        post: operations["createShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document's live share links, without tokens (owner, or the organization's owner/admin) */
        get: operations["listShareLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/documents/{fileId}/share/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one share link (owner, the organization's owner/admin, or the link's creator) */
        delete: operations["revokeShareLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/documents/rewrap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rewrap document data keys under the current master key version (bounded per call) */
        post: operations["rewrapDocumentKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/i/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's page of an issued invoice (HTML, no authentication; the token is the key)
         * @description Linked from the invoice e-mails and the invoice's `hosted_url`. The first view sets the invoice's `viewed_at` and records `invoice.viewed`. Any token that is not an issued invoice's current one answers the same 404.
         */
        get: operations["getHostedInvoicePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/i/{token}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The PDF of the invoice behind a hosted link (no authentication; the token is the key) */
        get: operations["getHostedInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/i/{token}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The EN 16931 e-invoice of the invoice behind a hosted link (UBL by default, or ?syntax=cii)
         * @description 422 with `details` when the invoice lacks what EN 16931 needs (the page then shows no link).
         */
        get: operations["getHostedInvoiceEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recurring-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List recurring invoices, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                    status?: "active" | "paused" | "cancelled" | "completed";
                    customer_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of recurring invoices */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoiceList"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a recurring invoice: a template and its schedule */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateRecurringInvoice"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is not sent as application/json */
                415: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body failed validation; details map field to message */
                422: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recurring-invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a recurring invoice */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Recurring invoice id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The recurring invoice */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such record in the caller's reach */
                404: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a recurring invoice (the schedule only before its first invoice: 409 schedule_locked) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Recurring invoice id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateRecurringInvoice"];
                };
            };
            responses: {
                /** @description The recurring invoice */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such record in the caller's reach */
                404: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The record's state forbids the operation */
                409: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is not sent as application/json */
                415: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body failed validation; details map field to message */
                422: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/recurring-invoices/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause: no invoices until resumed */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Recurring invoice id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The recurring invoice */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such record in the caller's reach */
                404: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The record's state forbids the operation */
                409: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recurring-invoices/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume: periods whose billing day passed while paused are skipped */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Recurring invoice id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The recurring invoice */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such record in the caller's reach */
                404: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The record's state forbids the operation */
                409: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recurring-invoices/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel for good: no more invoices */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Recurring invoice id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The recurring invoice */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecurringInvoice"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such record in the caller's reach */
                404: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The record's state forbids the operation */
                409: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The test organization's clock
         * @description Live organizations answer 403 `access_denied` with `details.reason = "test_mode_required"`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The clock */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TestClock"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance the test clock, running every sweep at each day's start on the way
         * @description Sweeps: overdue invoices, recurring invoices (this organization only). At most 731 days per call; a date before now is 422. Live organizations answer 403 `access_denied` with `details.reason = "test_mode_required"`. A concurrent advance: 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AdvanceTestClock"];
                };
            };
            responses: {
                /** @description The new time and what each sweep did per day */
                200: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TestClockAdvanced"];
                    };
                };
                /** @description Malformed request (bad JSON, query parameter or header) */
                400: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authenticated, but the role may not do this */
                403: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The record's state forbids the operation */
                409: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The body is not sent as application/json */
                415: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body failed validation; details map field to message */
                422: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        /** @description Seconds until a request is admitted again */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure; the body never carries internals */
                500: {
                    headers: {
                        /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the sliding window after this one */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Unix time in seconds when the oldest counted request leaves the window */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        BootstrapResult: {
            organization: components["schemas"]["Organization"];
            user: components["schemas"]["User"];
            /** @description The owner's plain API key, shown once */
            api_key: string;
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            tier: "starter" | "pro" | "business";
            default_currency: string;
            test_mode: boolean;
            created_at: string;
            updated_at: string;
        };
        User: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            email: string;
            name: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            created_at: string;
            updated_at: string;
        };
        Error: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @example validation_error */
                code: string;
                message: string;
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        CreateOrganization: {
            name: string;
            /**
             * @default starter
             * @enum {string}
             */
            tier: "starter" | "pro" | "business";
            /**
             * @description ISO 4217 code, upper case
             * @default USD
             * @example USD
             */
            default_currency: string;
            owner: {
                /**
                 * Format: email
                 * @example ada@example.com
                 */
                email: string;
                name?: string;
            };
            /**
             * @description A test organization: its clock moves only by POST /v1/test-clock/advance, its e-mails stay in the outbox and its webhooks reach loopback hosts only. Fixed at creation.
             * @default false
             */
            test_mode: boolean;
        };
        UpdateOrganization: {
            name?: string;
            /** @enum {string} */
            tier?: "starter" | "pro" | "business";
        };
        MemberCreated: {
            user: components["schemas"]["User"];
            /** @description The member's plain API key, shown once */
            api_key: string;
        };
        CreateMember: {
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            name?: string;
            /** @enum {string} */
            role: "admin" | "member";
        };
        UpdateMember: {
            /**
             * @description Only an owner may make an owner
             * @enum {string}
             */
            role: "owner" | "admin" | "member";
        };
        ApiKeyCreated: {
            /** Format: uuid */
            id: string;
            /** @description The plain key. Shown once; store it now. */
            key: string;
            prefix: string;
            name: string | null;
            created_at: string;
        };
        CreateApiKey: {
            name?: string;
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            name: string | null;
            prefix: string;
            created_at: string;
            last_used_at: string | null;
            revoked_at: string | null;
        };
        Token: {
            token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_at: string;
        };
        Me: {
            user: components["schemas"]["User"];
            organization: components["schemas"]["Organization"];
        };
        OrganizationProfile: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            tier: "starter" | "pro" | "business";
            default_currency: string;
            /** @description Created in test mode: its own clock (/v1/test-clock), no real e-mail or webhooks */
            test_mode: boolean;
            legal_name: string | null;
            trading_name: string | null;
            /** @description Null until any part is set */
            address: {
                line1: string | null;
                line2: string | null;
                city: string | null;
                postal_code: string | null;
                region: string | null;
                country: string | null;
            } | null;
            vat_id: string | null;
            tax_registration_id: string | null;
            company_id: string | null;
            email: string | null;
            phone: string | null;
            iban: string | null;
            bic: string | null;
            account_holder: string | null;
            /** @description Effective value; 30 unless set */
            payment_terms_days: number;
            invoice_footer: string | null;
            /**
             * @description Effective value; en unless set
             * @enum {string}
             */
            locale: "en" | "de" | "fr" | "es" | "it" | "nl";
            electronic_address: components["schemas"]["ElectronicAddress"];
            /**
             * @description on_create: a draft is numbered as it is created; on_send: a draft has number null and takes the next number when it is sent (deleted drafts leave no gap)
             * @enum {string}
             */
            invoice_numbering: "on_create" | "on_send";
            /**
             * @description Prefix of new invoice numbers
             * @example INV-
             */
            number_prefix: string;
            /**
             * @description Digits of new invoice numbers, zero-padded
             * @example 6
             */
            number_padding: number;
            /**
             * @description Effective value; pdf unless set
             * @enum {string}
             */
            email_attachment: "pdf" | "facturx" | "ubl" | "none";
            created_at: string;
            updated_at: string;
        };
        ElectronicAddress: {
            scheme: string;
            id: string;
        } | null;
        UpdateOrganizationProfile: {
            name?: string;
            /**
             * @description ISO 4217 code, upper case
             * @example USD
             */
            default_currency?: string;
            /** @example Acme Software GmbH */
            legal_name?: string | null;
            trading_name?: string | null;
            /** @description Merged part by part; null clears a part, or the whole address */
            address?: {
                /** @example Friedrichstraße 1 */
                line1?: string | null;
                line2?: string | null;
                /** @example Berlin */
                city?: string | null;
                /** @example 10117 */
                postal_code?: string | null;
                region?: string | null;
                /**
                 * @description ISO 3166-1 alpha-2 (stored upper case)
                 * @example DE
                 */
                country?: string | null;
            } | null;
            /**
             * @description VAT identifier with its country prefix (EL for Greece, XI for Northern Ireland), checked for the country's shape; stored upper case without spaces, dots or hyphens (Swiss: CHE-123.456.789 MWST)
             * @example DE123456789
             */
            vat_id?: string | null;
            /** @description Local tax number (e.g. German Steuernummer) */
            tax_registration_id?: string | null;
            /** @description Company register number (BT-30) */
            company_id?: string | null;
            /**
             * Format: email
             * @example ada@example.com
             */
            email?: string | null;
            phone?: string | null;
            /**
             * @description IBAN (length and mod-97 check digits verified); stored upper case without spaces
             * @example DE89370400440532013000
             */
            iban?: string | null;
            /** @example COBADEFFXXX */
            bic?: string | null;
            account_holder?: string | null;
            /** @description Days from issue to due date; null restores the default 30 */
            payment_terms_days?: number | null;
            invoice_footer?: string | null;
            /**
             * @description null restores the default en
             * @enum {string|null}
             */
            locale?: "en" | "de" | "fr" | "es" | "it" | "nl" | null;
            /** @description EAS scheme code and the identifier in that scheme */
            electronic_address?: {
                /** @example 0204 */
                scheme: string;
                /** @example 04011000-12345-67 */
                id: string;
            } | null;
            /**
             * @description When invoices take their number; applies to invoices created or sent from now on
             * @enum {string}
             */
            invoice_numbering?: "on_create" | "on_send";
            /**
             * @description Prefix of new invoice numbers (may be empty); null restores INV-. Issued numbers keep theirs
             * @example INV-
             */
            number_prefix?: string | null;
            /** @description Digits of new invoice numbers (1..12, zero-padded); null restores 6 */
            number_padding?: number | null;
            /**
             * @description What the invoice e-mail (and its reminders) attaches: the archived document as sent. `pdf` the invoice PDF; `facturx` the Factur-X PDF (PDF/A-3 with the CII XML); `ubl` the UBL 2.1 (Peppol BIS 3.0) XML; `none` nothing (the e-mail links the hosted page either way). When the e-invoice is not ready (`einvoice.ready` false), `ubl` and `facturx` attach the PDF instead. null restores the default `pdf`
             * @enum {string|null}
             */
            email_attachment?: "pdf" | "facturx" | "ubl" | "none" | null;
        };
        OrganizationLogo: {
            /** @enum {string} */
            content_type: "image/png" | "image/jpeg";
            /** @description Bytes */
            size: number;
        };
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /**
             * @description `whsec_` + base64 of 32 bytes: the signing secret. Shown only here; store it now.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        Webhook: {
            /** @example we_0123456789abcdefghijklmn */
            id: string;
            url: string;
            description: string | null;
            events: string[];
            enabled: boolean;
            /** @description Why the endpoint was disabled */
            disabled_reason: string | null;
            /** @description First failed attempt since the last success; 5 days of failures disable the endpoint */
            failing_since: string | null;
            /** @description After a rotation, until when the previous secret also signs */
            previous_secret_expires_at: string | null;
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            updated_at: string;
        };
        CreateWebhook: {
            /**
             * Format: uri
             * @description https only, ports 443, 80 and 8443, no user info; private, loopback and link-local targets and names are refused. Stored WHATWG-normalized
             * @example https://example.com/webhooks/invoicing
             */
            url: string;
            /**
             * @description Event types to receive, or ["*"] for all
             * @example [
             *       "invoice.created",
             *       "invoice.paid"
             *     ]
             */
            events: ("*" | "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.deleted" | "invoice.voided" | "invoice.viewed" | "invoice.payment_recorded" | "invoice.payment_reversed" | "credit_note.created" | "customer.created" | "customer.updated" | "customer.deleted" | "product.created" | "product.updated" | "product.deleted" | "project.created" | "project.updated" | "project.deleted" | "milestone.created" | "milestone.updated" | "milestone.deleted" | "task.created" | "task.updated" | "task.deleted" | "document.uploaded" | "document.deleted" | "document.expired" | "document.integrity_failed" | "organization.updated" | "tax_rate.created" | "tax_rate.updated" | "member.updated" | "member.removed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.cancelled")[];
            description?: string | null;
            enabled?: boolean;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        UpdateWebhook: {
            /**
             * Format: uri
             * @description https only, ports 443, 80 and 8443, no user info; private, loopback and link-local targets and names are refused. Stored WHATWG-normalized
             * @example https://example.com/webhooks/invoicing
             */
            url?: string;
            /**
             * @description Event types to receive, or ["*"] for all
             * @example [
             *       "invoice.created",
             *       "invoice.paid"
             *     ]
             */
            events?: ("*" | "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.deleted" | "invoice.voided" | "invoice.viewed" | "invoice.payment_recorded" | "invoice.payment_reversed" | "credit_note.created" | "customer.created" | "customer.updated" | "customer.deleted" | "product.created" | "product.updated" | "product.deleted" | "project.created" | "project.updated" | "project.deleted" | "milestone.created" | "milestone.updated" | "milestone.deleted" | "task.created" | "task.updated" | "task.deleted" | "document.uploaded" | "document.deleted" | "document.expired" | "document.integrity_failed" | "organization.updated" | "tax_rate.created" | "tax_rate.updated" | "member.updated" | "member.removed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.cancelled")[];
            description?: string | null;
            enabled?: boolean;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        WebhookDelivery: {
            id: string;
            endpoint_id: string;
            /** @description Also the `webhook-id` header of every attempt */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempt_count: number;
            next_attempt_at: string | null;
            last_status_code: number | null;
            last_error: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookDeliveryDetail: components["schemas"]["WebhookDelivery"] & {
            /** @description The body sent: { id, type, created_at, data: { object } } */
            payload?: unknown;
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            id: string;
            attempted_at: string;
            status_code: number | null;
            duration_ms: number;
            error: string | null;
            /** @description At most 4 KiB of the receiver's answer */
            response_body: string | null;
        };
        RewrapWebhookSecretsResult: {
            version: string;
            rewrapped: number;
            failed: number;
            remaining: number;
        };
        RewrapWebhookSecrets: {
            limit?: number;
        };
        EventList: {
            data: components["schemas"]["Event"][];
            meta: {
                limit: number;
                /** @description Pass as cursor for the next page; null on the last */
                next_cursor: string | null;
            };
        };
        Event: {
            /** @example evt_0123456789abcdefghijklmn */
            id: string;
            /** @enum {string} */
            type: "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.deleted" | "invoice.voided" | "invoice.viewed" | "invoice.payment_recorded" | "invoice.payment_reversed" | "credit_note.created" | "customer.created" | "customer.updated" | "customer.deleted" | "product.created" | "product.updated" | "product.deleted" | "project.created" | "project.updated" | "project.deleted" | "milestone.created" | "milestone.updated" | "milestone.deleted" | "task.created" | "task.updated" | "task.deleted" | "document.uploaded" | "document.deleted" | "document.expired" | "document.integrity_failed" | "organization.updated" | "tax_rate.created" | "tax_rate.updated" | "member.updated" | "member.removed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.cancelled";
            created_at: string;
            data: {
                /** @description The object as the event saw it */
                object: {
                    [key: string]: unknown;
                };
            };
        };
        ProjectList: {
            data: components["schemas"]["Project"][];
            count: number;
            page: number;
            limit: number;
        };
        Project: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "active" | "completed" | "archived";
            customer_id: string;
            /**
             * Format: date
             * @example 2026-12-31
             */
            start_date: string | null;
            /**
             * Format: date
             * @example 2026-12-31
             */
            end_date: string | null;
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @example 2026-11-21T14:30:00.000Z */
            created_at: string;
            /** @example 2026-11-21T14:30:00.000Z */
            updated_at: string;
        };
        ProjectInput: {
            name: string;
            description?: string | null;
            customer_id: string;
            /**
             * Format: date
             * @example 2026-12-31
             */
            start_date?: string | null;
            /**
             * Format: date
             * @example 2026-12-31
             */
            end_date?: string | null;
            /**
             * @description active on create unless given. Moves: active <-> completed, active/completed -> archived, archived -> active
             * @enum {string}
             */
            status?: "active" | "completed" | "archived";
            /**
             * @description On PUT: omitted keeps the stored metadata; an object merges into it; null clears it
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        MilestoneList: {
            data: components["schemas"]["Milestone"][];
            count: number;
            page: number;
            limit: number;
        };
        Milestone: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            project_id: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "planned" | "in_progress" | "completed" | "cancelled";
            /**
             * Format: date
             * @example 2026-12-31
             */
            due_date: string | null;
            /** @description Position among the project's milestones */
            order: number;
            task_count: number;
            completed_task_count: number;
            created_at: string;
            updated_at: string;
        };
        /** @description All of the project's milestones, in their new order */
        MilestoneOrder: {
            data: components["schemas"]["Milestone"][];
        };
        ReorderMilestones: {
            milestones: {
                id: string;
                order: number;
            }[];
        };
        MilestoneInput: {
            name: string;
            description?: string | null;
            /**
             * @description planned on create unless given; unchanged on PUT unless given
             * @enum {string}
             */
            status?: "planned" | "in_progress" | "completed" | "cancelled";
            /**
             * Format: date
             * @description Not in the past (UTC) on create, or on update when it changes
             * @example 2026-12-31
             */
            due_date?: string | null;
            /** @description Taken order: that milestone and those after it move up by one */
            order?: number;
        };
        TaskList: {
            data: components["schemas"]["Task"][];
            count: number;
            page: number;
            limit: number;
        };
        Task: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            milestone_id: string | null;
            title: string;
            description: string | null;
            /** @enum {string} */
            status: "todo" | "in_progress" | "done";
            /**
             * Format: date
             * @example 2026-12-31
             */
            due_date: string | null;
            created_at: string;
            updated_at: string;
        };
        TaskInput: {
            title: string;
            description?: string | null;
            /**
             * @description todo on create unless given
             * @enum {string}
             */
            status?: "todo" | "in_progress" | "done";
            /** @description A milestone of the same project, or null */
            milestone_id?: string | null;
            /**
             * Format: date
             * @example 2026-12-31
             */
            due_date?: string | null;
        };
        Customer: {
            /** @example cus_0123456789abcdefghijklmn */
            id: string;
            name: string;
            email: string;
            address: {
                line1: string;
                line2: string | null;
                city: string;
                postal_code: string;
                region: string | null;
                country: string;
            };
            vat_id: string | null;
            buyer_reference: string | null;
            electronic_address: components["schemas"]["ElectronicAddress"];
            /** @enum {string} */
            tax_exempt: "none" | "exempt" | "reverse";
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @description Hidden from the list (unless ?archived=true) and refused on new invoices (422) */
            archived: boolean;
            created_at: string;
            updated_at: string;
        };
        CreateCustomer: {
            /** @example Globex GmbH */
            name: string;
            /**
             * Format: email
             * @example billing@example.com
             */
            email: string;
            address: components["schemas"]["Address"];
            /**
             * @description VAT identifier with its country prefix (EL for Greece, XI for Northern Ireland), checked for the country's shape; stored upper case without spaces, dots or hyphens (Swiss: CHE-123.456.789 MWST)
             * @example DE123456789
             */
            vat_id?: string | null;
            /** @description Default buyer reference (BT-10) of the customer's invoices, e.g. a Leitweg-ID */
            buyer_reference?: string | null;
            /** @description EAS scheme code and the identifier in that scheme */
            electronic_address?: {
                /** @example 0204 */
                scheme: string;
                /** @example 04011000-12345-67 */
                id: string;
            } | null;
            /**
             * @description none (default); exempt; reverse: the buyer accounts for VAT (reverse charge)
             * @enum {string}
             */
            tax_exempt?: "none" | "exempt" | "reverse";
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        Address: {
            /** @example 1 Main Street */
            line1: string;
            line2?: string | null;
            /** @example Berlin */
            city: string;
            /** @example 10115 */
            postal_code: string;
            /** @description State, province or region */
            region?: string | null;
            /**
             * @description ISO 3166-1 alpha-2 (stored upper case)
             * @example DE
             */
            country: string;
        };
        CustomerList: {
            data: components["schemas"]["Customer"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        UpdateCustomer: {
            name?: string;
            /**
             * Format: email
             * @example billing@example.com
             */
            email?: string;
            address?: {
                /** @example 1 Main Street */
                line1?: string;
                line2?: string | null;
                /** @example Berlin */
                city?: string;
                /** @example 10115 */
                postal_code?: string;
                /** @description State, province or region */
                region?: string | null;
                /**
                 * @description ISO 3166-1 alpha-2 (stored upper case)
                 * @example DE
                 */
                country?: string;
            };
            /**
             * @description VAT identifier with its country prefix (EL for Greece, XI for Northern Ireland), checked for the country's shape; stored upper case without spaces, dots or hyphens (Swiss: CHE-123.456.789 MWST)
             * @example DE123456789
             */
            vat_id?: string | null;
            /** @description Default buyer reference (BT-10) of the customer's invoices, e.g. a Leitweg-ID */
            buyer_reference?: string | null;
            /** @description EAS scheme code and the identifier in that scheme */
            electronic_address?: {
                /** @example 0204 */
                scheme: string;
                /** @example 04011000-12345-67 */
                id: string;
            } | null;
            /**
             * @description none (default); exempt; reverse: the buyer accounts for VAT (reverse charge)
             * @enum {string}
             */
            tax_exempt?: "none" | "exempt" | "reverse";
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
            /** @description true archives the customer (its invoices stay readable), false restores it */
            archived?: boolean;
        };
        Product: {
            /** @example prod_0123456789abcdefghijklmn */
            id: string;
            name: string;
            description: string | null;
            /** @example 19.99 */
            price: number;
            /** @example USD */
            currency: string;
            /** @example hour */
            unit: string;
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            created_at: string;
            updated_at: string;
        };
        CreateProduct: {
            /** @example Consulting */
            name: string;
            description?: string | null;
            /**
             * @description Major units; at most as many decimals as the currency's minor unit (USD 2, JPY 0, KWD 3)
             * @example 19.99
             */
            price: number;
            /**
             * @description Default: the organization's currency
             * @example USD
             */
            currency?: string;
            /**
             * @description Free text, 1 to 32 characters
             * @example hour
             */
            unit: string;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        ProductList: {
            data: components["schemas"]["Product"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        UpdateProduct: {
            name?: string;
            description?: string | null;
            /**
             * @description Major units; at most as many decimals as the currency's minor unit (USD 2, JPY 0, KWD 3)
             * @example 19.99
             */
            price?: number;
            /**
             * @description ISO 4217 code, upper case
             * @example USD
             */
            currency?: string;
            unit?: string;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        TaxRate: {
            /** @example txr_0123456789abcdefghijklmn */
            id: string;
            display_name: string;
            /** @example 19 */
            percentage: number;
            inclusive: boolean;
            /** @enum {string} */
            category: "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";
            exemption_reason: string | null;
            exemption_reason_code: string | null;
            archived: boolean;
            created_at: string;
            updated_at: string;
        };
        CreateTaxRate: {
            /** @example VAT 19% */
            display_name: string;
            /**
             * @description 0 to 100 with at most 4 decimals, as a JSON number or a decimal string
             * @example 19
             */
            percentage: number | string;
            /** @description Prices already contain the tax (default false) */
            inclusive?: boolean;
            /**
             * @description Default S
             * @enum {string}
             */
            category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";
            /** @description Why no (or no local) VAT is charged (BT-120), e.g. Reverse charge */
            exemption_reason?: string | null;
            /**
             * @description Code of the CEF VATEX list (BT-121)
             * @example VATEX-EU-AE
             */
            exemption_reason_code?: string | null;
        };
        TaxRateList: {
            data: components["schemas"]["TaxRate"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        UpdateTaxRate: {
            display_name?: string;
            /**
             * @description 0 to 100 with at most 4 decimals, as a JSON number or a decimal string
             * @example 19
             */
            percentage?: number | string;
            inclusive?: boolean;
            /**
             * @description EN 16931 VAT category: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community supply, G export outside the EU, O outside the scope of VAT, L Canary Islands IGIC, M Ceuta and Melilla IPSI
             * @enum {string}
             */
            category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";
            /** @description Why no (or no local) VAT is charged (BT-120), e.g. Reverse charge */
            exemption_reason?: string | null;
            /**
             * @description Code of the CEF VATEX list (BT-121)
             * @example VATEX-EU-AE
             */
            exemption_reason_code?: string | null;
            /** @description true archives the rate, false restores it */
            archived?: boolean;
        };
        Invoice: {
            /** @example inv_0123456789abcdefghijklmn */
            id: string;
            /**
             * @description null on a draft of an organization with invoice_numbering on_send (numbered at send)
             * @example INV-000001
             */
            number: string | null;
            customer_id: string;
            /** @enum {string} */
            status: "draft" | "sent" | "paid" | "overdue" | "void";
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @example 59.97 */
            total: number;
            /** @example USD */
            currency: string;
            due_date: string;
            notes: string | null;
            items: components["schemas"]["InvoiceItem"][];
            sent_at: string | null;
            paid_at: string | null;
            created_at: string;
            updated_at: string;
            /** @description The day it was sent (UTC); null on drafts */
            issue_date: string | null;
            voided_at: string | null;
            default_tax_rate_id: string | null;
            ignore_tax_exempt: boolean;
            discounts: {
                description: string | null;
                amount?: number;
                percentage?: number;
            }[];
            service_period: {
                start: string;
                end: string;
            } | null;
            delivery_date: string | null;
            purchase_order: string | null;
            buyer_reference: string | null;
            payment_terms: string | null;
            /** @description Sum of line net amounts without VAT */
            subtotal: number;
            discount_total: number;
            tax_exclusive_total: number;
            tax_total: number;
            rounding_amount: number;
            amount_paid: number;
            amount_credited: number;
            /** @description total - amount_paid - amount_credited */
            amount_due: number;
            tax_breakdown: components["schemas"]["TaxBreakdown"][];
            seller: components["schemas"]["Party"];
            buyer: components["schemas"]["Party"];
            /** @description The customer's page of the invoice (GET /i/{token}, no login); null on drafts and in event payloads */
            hosted_url: string | null;
            /** @description When the hosted page was first opened */
            viewed_at: string | null;
            /** @description The recurring invoice that generated it (GET /v1/recurring-invoices/{id}) */
            recurring_invoice_id: string | null;
            /** @description Whether GET /einvoice can produce the EN 16931 XML, and the fields it lacks. Issued: from the invoice's seller and buyer snapshots (exactly what GET /einvoice checks). Draft: never ready (409), and only the invoice's own data is checked (lines, references); the seller and buyer are checked once they are fixed at send. */
            einvoice: {
                ready: boolean;
                /**
                 * @example [
                 *       "organization.vat_id",
                 *       "customer.vat_id"
                 *     ]
                 */
                missing: string[];
            };
        };
        InvoiceItem: {
            id: string;
            product_id: string | null;
            description: string;
            quantity: number;
            unit_price: number;
            /** @description quantity x unit_price, rounded half-up to the minor unit */
            amount: number;
            tax_rate_id: string | null;
            discount: {
                amount?: number;
                percentage?: number;
            } | null;
            discount_amount: number;
            /** @description amount - discount_amount (gross for an inclusive rate) */
            net_amount: number;
        };
        TaxBreakdown: {
            tax_rate_id: string | null;
            /**
             * @description null: lines without a tax rate
             * @enum {string|null}
             */
            category: "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M" | null;
            percentage: number;
            taxable_amount: number;
            tax_amount: number;
            exemption_reason: string | null;
            exemption_reason_code: string | null;
        };
        /** @description The seller or buyer as stated on the invoice (frozen at send) */
        Party: ({
            name: string;
            address?: {
                line1?: string | null;
                line2?: string | null;
                city?: string | null;
                postal_code?: string | null;
                region?: string | null;
                country?: string | null;
            } | null;
            vat_id?: string | null;
        } & {
            [key: string]: unknown;
        }) | null;
        CreateInvoice: {
            customer_id: string;
            items: components["schemas"]["InvoiceItemInput"][];
            /**
             * Format: date
             * @description Default: the issue date + the organization's payment_terms_days (fixed at send)
             * @example 2026-12-31
             */
            due_date?: string;
            notes?: string | null;
            /**
             * @description Default: the organization's currency
             * @example USD
             */
            currency?: string;
            /** @description Tax rate of lines without their own tax_rate_id */
            default_tax_rate_id?: string | null;
            discounts?: components["schemas"]["InvoiceDiscount"][];
            service_period?: components["schemas"]["ServicePeriod"];
            /**
             * Format: date
             * @example 2026-12-31
             */
            delivery_date?: string | null;
            purchase_order?: string | null;
            /** @description Default: the customer's buyer_reference (e.g. a Leitweg-ID) */
            buyer_reference?: string | null;
            payment_terms?: string | null;
            /** @description Allow standard-rated lines although the customer is reverse charge or exempt */
            ignore_tax_exempt?: boolean;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        InvoiceItemInput: {
            /** @description Fills description and unit_price from the product unless given */
            product_id?: string;
            description?: string;
            /**
             * @description > 0, at most 4 decimals
             * @example 1.5
             */
            quantity: number;
            /**
             * @description Major units, at most the currency's minor-unit decimals
             * @example 19.99
             */
            unit_price?: number;
            /** @description The line's tax rate; null: no tax; absent: the invoice's default_tax_rate_id */
            tax_rate_id?: string | null;
            discount?: components["schemas"]["Discount"];
        };
        /** @description Exactly one of amount (major units) or percentage (0-100) */
        Discount: {
            amount?: number;
            /** @example 10 */
            percentage?: number | string;
        } | null;
        /** @description An invoice-level discount: exactly one of amount or percentage (of the lines after line discounts) */
        InvoiceDiscount: {
            description?: string | null;
            amount?: number;
            percentage?: number | string;
        };
        ServicePeriod: {
            /**
             * Format: date
             * @example 2026-12-31
             */
            start: string;
            /**
             * Format: date
             * @example 2026-12-31
             */
            end: string;
        } | null;
        InvoiceList: {
            data: components["schemas"]["Invoice"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
                /** @description With sort or cursor: the cursor of the next page, null on the last page */
                next_cursor?: string | null;
            };
        };
        UpdateInvoice: {
            customer_id?: string;
            items?: components["schemas"]["InvoiceItemInput"][];
            /**
             * Format: date
             * @example 2026-12-31
             */
            due_date?: string;
            notes?: string | null;
            /**
             * @description ISO 4217 code, upper case
             * @example USD
             */
            currency?: string;
            /**
             * @description Only `paid` from sent or overdue (a payment of the amount due); other moves answer 409
             * @enum {string}
             */
            status?: "draft" | "sent" | "paid" | "overdue" | "void";
            /** @description Tax rate of lines without their own tax_rate_id */
            default_tax_rate_id?: string | null;
            discounts?: components["schemas"]["InvoiceDiscount"][];
            service_period?: components["schemas"]["ServicePeriod"];
            /**
             * Format: date
             * @example 2026-12-31
             */
            delivery_date?: string | null;
            purchase_order?: string | null;
            /** @description Default: the customer's buyer_reference (e.g. a Leitweg-ID) */
            buyer_reference?: string | null;
            payment_terms?: string | null;
            /** @description Allow standard-rated lines although the customer is reverse charge or exempt */
            ignore_tax_exempt?: boolean;
            /**
             * @description Editable in every status, paid and void included (merged; see Customer)
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        InvoiceEmailList: {
            data: components["schemas"]["InvoiceEmail"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        InvoiceEmail: {
            id: string;
            invoice_id: string;
            /** @enum {string} */
            kind: "invoice" | "reminder";
            from: string;
            to: string;
            subject: string;
            text: string;
            html: string;
            transport: string;
            /** @enum {string} */
            status: "queued" | "sent" | "failed";
            provider_message_id: string | null;
            /**
             * @description The archived document attached (the organization's `email_attachment`, or `pdf` when that could not be produced); the row keeps this reference, the bytes are read from the archive at delivery. null: none
             * @enum {string|null}
             */
            attachment: "pdf" | "ubl" | "cii" | "facturx" | null;
            created_at: string;
        };
        Payment: {
            /** @example pay_0123456789abcdefghijklmn */
            id: string;
            invoice_id: string;
            amount: number;
            currency: string;
            received_at: string;
            /** @enum {string} */
            method: "bank_transfer" | "card" | "cash" | "check" | "direct_debit" | "other";
            reference: string | null;
            created_at: string;
            /** @description Set when the payment was reversed (DELETE) */
            reversed_at: string | null;
        };
        CreatePayment: {
            /** @example 50 */
            amount: number;
            /**
             * @description Default: now
             * @example 2026-11-20T10:00:00Z
             */
            received_at?: string;
            /**
             * @description Default: other
             * @enum {string}
             */
            method?: "bank_transfer" | "card" | "cash" | "check" | "direct_debit" | "other";
            reference?: string | null;
        };
        PaymentList: {
            data: components["schemas"]["Payment"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        VoidInvoice: {
            reason?: string;
        };
        CreditNoteList: {
            data: components["schemas"]["CreditNote"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        CreditNote: {
            /** @example cn_0123456789abcdefghijklmn */
            id: string;
            /** @example CN-000001 */
            number: string;
            invoice_id: string;
            customer_id: string;
            reason: string;
            currency: string;
            issue_date: string;
            items: {
                id: string;
                invoice_item_id: string | null;
                description: string;
                quantity: number;
                unit_price: number;
                amount: number;
                net_amount: number;
                tax_rate_id: string | null;
            }[];
            subtotal: number;
            discount_total: number;
            tax_exclusive_total: number;
            tax_total: number;
            rounding_amount: number;
            total: number;
            tax_breakdown: components["schemas"]["TaxBreakdown"][];
            /** @description Paid back: the part of the total beyond what was due */
            refund_amount: number;
            refund_method: string | null;
            refund_reference: string | null;
            voids_invoice: boolean;
            /**
             * @description The integrator's own keys; {} when none
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            seller: components["schemas"]["Party"];
            buyer: components["schemas"]["Party"];
            created_at: string;
        };
        HostedLink: {
            /** @example https://billing.example.com/i/3q2-7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs */
            url: string;
            token: string;
            created_at: string;
        };
        CreateCreditNote: {
            invoice_id: string;
            reason: string;
            /** @description Invoice lines to credit, each by quantity or by amount (after discounts) */
            lines?: {
                invoice_item_id: string;
                quantity?: number;
                amount?: number;
            }[];
            /** @description Or a single amount, tax included, spread over the invoice's VAT rates */
            amount?: number;
            /** @enum {string|null} */
            refund_method?: "bank_transfer" | "card" | "cash" | "check" | "direct_debit" | "other" | null;
            refund_reference?: string | null;
            /**
             * @description Up to 50 keys of 1 to 40 characters (no control characters, no '[' or ']'), string values of up to 500 characters. On update the object is merged into the stored one: a key set to "" or null is removed; `metadata: null` removes all.
             * @example {
             *       "order_id": "6735"
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
        };
        TaxReport: {
            from: string;
            to: string;
            data: {
                currency: string;
                category: string | null;
                percentage: number;
                /** @description Invoiced minus credited */
                taxable_amount: number;
                tax_amount: number;
                invoiced: {
                    taxable_amount: number;
                    tax_amount: number;
                };
                credited: {
                    taxable_amount: number;
                    tax_amount: number;
                };
            }[];
        };
        ReceivablesReport: {
            as_of: string;
            data: {
                currency: string;
                /** @description Not yet due */
                current: number;
                days_1_30: number;
                days_31_60: number;
                days_61_90: number;
                days_over_90: number;
                total: number;
                invoices: number;
            }[];
            customers: {
                customer_id: string;
                name: string;
                currency: string;
                /** @description Not yet due */
                current: number;
                days_1_30: number;
                days_31_60: number;
                days_61_90: number;
                days_over_90: number;
                total: number;
                invoices: number;
            }[];
        };
        Document: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            ownerId: string;
            /** @description Stored name: no path components or control characters */
            filename: string;
            /** @description Name as uploaded */
            originalName: string;
            /** @example pdf */
            documentType: string;
            /** @enum {string} */
            classification: "public" | "internal" | "confidential" | "restricted";
            /** @example application/pdf */
            mimeType: string;
            sizeBytes: number;
            isEncrypted: boolean;
            /** @example invoice */
            entityType: string | null;
            /** @description A UUID or an id this API issued (inv_...) */
            entityId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            createdAt: string;
        };
        DocumentList: {
            /** @enum {boolean} */
            success: true;
            data: components["schemas"]["DocumentListItem"][];
            meta: {
                page: number;
                limit: number;
                total: number;
                pages: number;
            };
        };
        DocumentListItem: {
            /** Format: uuid */
            id: string;
            /** @description Stored name: no path components or control characters */
            filename: string;
            /** @description Name as uploaded */
            originalName: string;
            /** @enum {string} */
            classification: "public" | "internal" | "confidential" | "restricted";
            /** @example application/pdf */
            mimeType: string;
            sizeBytes: number;
            isEncrypted: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            createdAt: string;
        };
        DocumentMetadata: {
            /** Format: uuid */
            id: string;
            /** @description Stored name: no path components or control characters */
            filename: string;
            /** @description Name as uploaded */
            originalName: string;
            /** @example pdf */
            documentType: string;
            /** @enum {string} */
            classification: "public" | "internal" | "confidential" | "restricted";
            /** @example application/pdf */
            mimeType: string;
            sizeBytes: number;
            isEncrypted: boolean;
            /** @example invoice */
            entityType: string | null;
            /** @description A UUID or an id this API issued (inv_...) */
            entityId: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            createdAt: string;
        };
        DocumentAuditLog: {
            /** @enum {boolean} */
            success: true;
            data: {
                /** Format: uuid */
                fileId: string;
                /** @description The stored name; null for a caller who may not read the document (an admin, restricted) */
                fileName: string | null;
                entries: components["schemas"]["DocumentAuditEntry"][];
                /** @description Pass as `after` for the next page; null when this page holds the newest entry */
                nextCursor: number | null;
                /** @description With ?verify=true: this page checks out (hashes, numbering, the link to the entry before it and, where the page reaches it, the document's anchor) */
                verified?: boolean;
            };
        };
        DocumentAuditEntry: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "upload" | "download" | "delete" | "view" | "share" | "expire" | "share_revoke" | "integrity_failed";
            /**
             * Format: uuid
             * @description null for system actions (expire)
             */
            actorId: string | null;
            actorEmail: string | null;
            ipAddress: string | null;
            userAgent: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: uuid
             * @description The share link used, for downloads through one (actor = its creator)
             */
            shareId: string | null;
        };
        DocumentDeleted: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        DocumentShare: {
            /** @enum {boolean} */
            success: true;
            data: {
                /**
                 * Format: uuid
                 * @description The link's id: list and revoke it by this
                 */
                id: string;
                /** @description Shown once; only its hash is stored */
                token: string;
                /** Format: uri */
                url: string;
                /**
                 * Format: date-time
                 * @example 2026-11-21T14:30:00.000Z
                 */
                expiresAt: string;
            };
        };
        CreateShare: {
            /**
             * @description Seconds until the link expires (default 86400, max 604800)
             * @default 86400
             */
            expiresIn: number;
            maxDownloads?: number | null;
        };
        DocumentShareList: {
            /** @enum {boolean} */
            success: true;
            data: components["schemas"]["DocumentShareSummary"][];
        };
        DocumentShareSummary: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            expiresAt: string;
            maxDownloads: number | null;
            /** @description Downloads taken so far */
            downloads: number;
            /**
             * Format: date-time
             * @example 2026-11-21T14:30:00.000Z
             */
            createdAt: string;
        };
        DocumentShareRevoked: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        RewrapResult: {
            version: string;
            rewrapped: number;
            failed: number;
            remaining: number;
        };
        RewrapDocumentKeys: {
            limit?: number;
        };
        RecurringInvoice: {
            /** @example rec_0123456789abcdefghijklmn */
            id: string;
            customer_id: string;
            currency: string;
            notes: string | null;
            /** @description The lines as given */
            items: {
                [key: string]: unknown;
            }[];
            discounts: {
                [key: string]: unknown;
            }[];
            default_tax_rate_id: string | null;
            payment_terms_days: number | null;
            /** @enum {string} */
            interval: "day" | "week" | "month" | "year";
            interval_count: number;
            start_date: string;
            end_after: number | null;
            end_date: string | null;
            auto_send: boolean;
            /** @enum {string} */
            status: "active" | "paused" | "cancelled" | "completed";
            /** @description Set when a run could not make a valid invoice and paused the template */
            pause_reason: string | null;
            /** @description The next billing day; null once cancelled or completed */
            next_run_date: string | null;
            invoices_created: number;
            created_at: string;
            updated_at: string;
        };
        CreateRecurringInvoice: {
            customer_id: string;
            items: components["schemas"]["InvoiceItemInput"][];
            /**
             * @description Default: the organization's currency
             * @example USD
             */
            currency?: string;
            notes?: string | null;
            discounts?: components["schemas"]["InvoiceDiscount"][];
            default_tax_rate_id?: string | null;
            /** @description Due this many days after each invoice is created; default: the organization's terms at send */
            payment_terms_days?: number | null;
            /** @enum {string} */
            interval: "day" | "week" | "month" | "year";
            /** @example 1 */
            interval_count: number;
            /**
             * Format: date
             * @description The anchor and first billing day (today or later, the organization's clock)
             * @example 2026-12-31
             */
            start_date: string;
            /** @description Stop after this many invoices */
            end_after?: number | null;
            /**
             * Format: date
             * @description No billing day after this date
             * @example 2026-12-31
             */
            end_date?: string | null;
            /**
             * @description Send each invoice as it is created (e-mail, hosted link); false: leave it a draft
             * @default false
             */
            auto_send: boolean;
        };
        RecurringInvoiceList: {
            data: components["schemas"]["RecurringInvoice"][];
            meta: {
                total: number;
                limit: number;
                offset: number;
            };
        };
        UpdateRecurringInvoice: {
            customer_id?: string;
            items?: components["schemas"]["InvoiceItemInput"][];
            /**
             * @description Default: the organization's currency
             * @example USD
             */
            currency?: string;
            notes?: string | null;
            discounts?: components["schemas"]["InvoiceDiscount"][];
            default_tax_rate_id?: string | null;
            /** @description Due this many days after each invoice is created; default: the organization's terms at send */
            payment_terms_days?: number | null;
            /** @enum {string} */
            interval?: "day" | "week" | "month" | "year";
            /** @example 1 */
            interval_count?: number;
            /**
             * Format: date
             * @description The anchor and first billing day (today or later, the organization's clock)
             * @example 2026-12-31
             */
            start_date?: string;
            /** @description Stop after this many invoices */
            end_after?: number | null;
            /**
             * Format: date
             * @description No billing day after this date
             * @example 2026-12-31
             */
            end_date?: string | null;
            auto_send?: boolean;
        };
        TestClock: {
            /** @example 2027-01-31T00:00:00.000Z */
            now: string;
        };
        TestClockAdvanced: {
            now: string;
            ran: {
                date: string;
                sweep: string;
                count: number;
            }[];
        };
        AdvanceTestClock: {
            /**
             * @description An ISO date (that day's start, UTC) or timestamp; never before the clock's now
             * @example 2027-12-31
             */
            to: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrganization"];
            };
        };
        responses: {
            /** @description Created; api_key is shown only here */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BootstrapResult"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminUpdateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganization"];
            };
        };
        responses: {
            /** @description The updated organization */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        meta: {
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMember"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberCreated"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User id of the member */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User id of the member */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMember"];
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys, newest first */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        meta: {
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateApiKey"];
            };
        };
        responses: {
            /** @description Created; key is shown only here */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bearer token */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationProfile"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganizationProfile"];
            };
        };
        responses: {
            /** @description The updated organization */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationProfile"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganizationLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo as uploaded */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadOrganizationLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/png": string;
                "image/jpeg": string;
            };
        };
        responses: {
            /** @description The stored logo */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationLogo"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The logo is larger than 512 KB */
            413: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrganizationLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                        meta: {
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description Created; secret is shown only here */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhook"];
            };
        };
        responses: {
            /** @description The updated endpoint */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret, shown only here */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery after its first attempt (succeeded, or pending a retry) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: {
                            total: number;
                            limit: number;
                            offset: number;
                        };
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
                /** @description Delivery id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
                /** @description Delivery id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery after the attempt */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rewrapWebhookSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RewrapWebhookSecrets"];
            };
        };
        responses: {
            /** @description How many endpoints moved and how many remain */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewrapWebhookSecretsResult"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                /** @description meta.next_cursor of the previous page */
                cursor?: string;
                type?: "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.deleted" | "invoice.voided" | "invoice.viewed" | "invoice.payment_recorded" | "invoice.payment_reversed" | "credit_note.created" | "customer.created" | "customer.updated" | "customer.deleted" | "product.created" | "product.updated" | "product.deleted" | "project.created" | "project.updated" | "project.deleted" | "milestone.created" | "milestone.updated" | "milestone.deleted" | "task.created" | "task.updated" | "task.deleted" | "document.uploaded" | "document.deleted" | "document.expired" | "document.integrity_failed" | "organization.updated" | "tax_rate.created" | "tax_rate.updated" | "member.updated" | "member.removed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.cancelled";
                /** @description Events created at or after this instant */
                created_gte?: string;
                /** @description Events created before this instant */
                created_lt?: string;
                /** @description Events whose data.object has this id */
                object_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events, newest first */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectsUnversioned: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Part of the project name */
                search?: string;
                status?: "active" | "completed" | "archived";
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProjectUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectInput"];
            };
        };
        responses: {
            /** @description The created project */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProjectUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceProjectUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectInput"];
            };
        };
        responses: {
            /** @description The updated project */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProjectUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMilestonesUnversioned: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "planned" | "in_progress" | "completed" | "cancelled";
            };
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of milestones; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MilestoneList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMilestoneUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MilestoneInput"];
            };
        };
        responses: {
            /** @description The created milestone */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reorderMilestonesUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderMilestones"];
            };
        };
        responses: {
            /** @description All of the project's milestones in their new order */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MilestoneOrder"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMilestoneUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The milestone */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceMilestoneUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MilestoneInput"];
            };
        };
        responses: {
            /** @description The updated milestone */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMilestoneUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasksUnversioned: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                milestone_id?: string;
                status?: "todo" | "in_progress" | "done";
            };
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tasks; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTaskUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskInput"];
            };
        };
        responses: {
            /** @description The created task */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaskUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceTaskUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskInput"];
            };
        };
        responses: {
            /** @description The updated task */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTaskUnversioned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Part of the project name */
                search?: string;
                status?: "active" | "completed" | "archived";
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectInput"];
            };
        };
        responses: {
            /** @description The created project */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectInput"];
            };
        };
        responses: {
            /** @description The updated project */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMilestones: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "planned" | "in_progress" | "completed" | "cancelled";
            };
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of milestones; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MilestoneList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMilestone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MilestoneInput"];
            };
        };
        responses: {
            /** @description The created milestone */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reorderMilestones: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderMilestones"];
            };
        };
        responses: {
            /** @description All of the project's milestones in their new order */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MilestoneOrder"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMilestone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The milestone */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceMilestone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MilestoneInput"];
            };
        };
        responses: {
            /** @description The updated milestone */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMilestone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Milestone id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                milestone_id?: string;
                status?: "todo" | "in_progress" | "done";
            };
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tasks; count is the total that match */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskInput"];
            };
        };
        responses: {
            /** @description The created task */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskInput"];
            };
        };
        responses: {
            /** @description The updated task */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id */
                projectId: string;
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                /** @description Matches name or e-mail, case-insensitively; % and _ are literal */
                search?: string;
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
                /** @description true: only archived customers; false or absent: only active ones */
                archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomer"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Customer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Customer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Customer id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCustomer"];
            };
        };
        responses: {
            /** @description The updated customer */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
                /** @description Matches name or description, case-insensitively; % and _ are literal */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProduct"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProduct"];
            };
        };
        responses: {
            /** @description The updated product */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTaxRates: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                /** @description Only archived (true) or only active (false) rates; both when absent */
                archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tax rates */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRateList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTaxRate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaxRate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRate"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaxRate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tax rate id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax rate */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRate"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTaxRate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tax rate id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTaxRate"];
            };
        };
        responses: {
            /** @description The updated tax rate */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRate"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                status?: "draft" | "sent" | "paid" | "overdue" | "void";
                customer_id?: string;
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
                /** @description Created at or after (date or date-time) */
                created_gte?: string;
                /** @description Created before (date or date-time) */
                created_lt?: string;
                /** @description Due on or after */
                due_date_gte?: string;
                /** @description Due before */
                due_date_lt?: string;
                /** @description Issued (sent) on or after; drafts have none */
                issue_date_gte?: string;
                /** @description Issued (sent) before; drafts have none */
                issue_date_lt?: string;
                /** @description Exactly this invoice number */
                number?: string;
                /** @description created_at, due_date or total; a leading - sorts descending. Default -created_at (newest first). Ties are broken by id. total sorts by the amount in minor units, whatever the currency. When given, meta carries next_cursor */
                sort?: "created_at" | "-created_at" | "due_date" | "-due_date" | "total" | "-total";
                /** @description meta.next_cursor of the previous page (keyset paging, same sort; not with offset) */
                cursor?: string;
                recurring_invoice_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvoice"];
            };
        };
        responses: {
            /** @description Created (the full invoice) */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateInvoice"];
            };
        };
        responses: {
            /** @description The updated invoice */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice after sending */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paid invoice */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoiceEmails: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of e-mails */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceEmailList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoicePayments: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvoicePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePayment"];
            };
        };
        responses: {
            /** @description The payment */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reverseInvoicePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
                /** @description Payment id */
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reversed payment */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    voidInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VoidInvoice"];
            };
        };
        responses: {
            /** @description The void invoice */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoiceCreditNotes: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNoteList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: {
                /** @description `pdf`: the printable document; `facturx`: the same document as PDF/A-3b with its CII XML embedded as `factur-x.xml` (Factur-X / ZUGFeRD, profile EN 16931). Factur-X has the e-invoice's conditions: 409 for a draft, 422 naming what EN 16931 lacks. */
                format?: "pdf" | "facturx";
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice PDF */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateHostedLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new link */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedLink"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoiceEInvoice: {
        parameters: {
            query?: {
                /** @description `ubl`: UBL 2.1 (Peppol BIS Billing 3.0); `cii`: UN/CEFACT CII D16B (EN 16931) */
                syntax?: "ubl" | "cii";
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice XML (EN 16931) */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreditNotes: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                invoice_id?: string;
                customer_id?: string;
                /** @description `metadata[key]=value`: only records whose metadata holds exactly that value; several keys must all match (at most 10) */
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNoteList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCreditNote"];
            };
        };
        responses: {
            /** @description The credit note */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCreditNotePdf: {
        parameters: {
            query?: {
                /** @description `pdf`: the printable document; `facturx`: the same document as PDF/A-3b with its CII XML embedded as `factur-x.xml` (Factur-X / ZUGFeRD, profile EN 16931). Factur-X has the e-invoice's conditions: 409 for a draft, 422 naming what EN 16931 lacks. */
                format?: "pdf" | "facturx";
            };
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note PDF */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCreditNoteEInvoice: {
        parameters: {
            query?: {
                /** @description `ubl`: UBL 2.1 (Peppol BIS Billing 3.0); `cii`: UN/CEFACT CII D16B (EN 16931) */
                syntax?: "ubl" | "cii";
            };
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice XML (EN 16931) */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record's state forbids the operation */
            409: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaxReport: {
        parameters: {
            query: {
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax report */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxReport"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReceivablesReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Receivables as of today (UTC) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivablesReport"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header: {
                /** @description Decides encryption, retention, access */
                "Classification-Level": "public" | "internal" | "confidential" | "restricted";
                "Entity-Type"?: string;
                /** @description A UUID, or an id this API issued (inv_..., cus_..., prod_..., cn_..., pay_..., txr_...), which must name a record of your organization (422 otherwise) */
                "Entity-Id"?: string;
                /** @description ISO 8601; the earlier of this and the retention applies */
                "Expires-At"?: string;
                /** @description Default: the file extension */
                "Document-Type"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Document"];
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body exceeds 55 MB */
            413: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, decrypted if it was encrypted */
            200: {
                headers: {
                    /** @description The original MIME type */
                    "Content-Type"?: string;
                    /** @description attachment; filename="..."; filename*=UTF-8''... */
                    "Content-Disposition"?: string;
                    "Content-Length"?: number;
                    "Cache-Control"?: string;
                    "X-Document-Classification"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description The requested byte range (Content-Range says which) */
            206: {
                headers: {
                    /** @description The original MIME type */
                    "Content-Type"?: string;
                    /** @description attachment; filename="..."; filename*=UTF-8''... */
                    "Content-Disposition"?: string;
                    "Content-Length"?: number;
                    "Cache-Control"?: string;
                    "X-Document-Classification"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Range lies outside the file (Content-Range: bytes *\/size) */
            416: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadSharedDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Share token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, decrypted if it was encrypted */
            200: {
                headers: {
                    /** @description The original MIME type */
                    "Content-Type"?: string;
                    /** @description attachment; filename="..."; filename*=UTF-8''... */
                    "Content-Disposition"?: string;
                    "Content-Length"?: number;
                    "Cache-Control"?: string;
                    "X-Document-Classification"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description The requested byte range (Content-Range says which) */
            206: {
                headers: {
                    /** @description The original MIME type */
                    "Content-Type"?: string;
                    /** @description attachment; filename="..."; filename*=UTF-8''... */
                    "Content-Disposition"?: string;
                    "Content-Length"?: number;
                    "Cache-Control"?: string;
                    "X-Document-Classification"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Range lies outside the file (Content-Range: bytes *\/size) */
            416: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                entityType?: string;
                /** @description A UUID (any letter case) or an id this API issued (inv_..., cus_..., prod_..., cn_...) */
                entityId?: string;
                classification?: "public" | "internal" | "confidential" | "restricted";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents, newest first */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoiceDocuments: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                classification?: "public" | "internal" | "confidential" | "restricted";
            };
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents, newest first */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["DocumentMetadata"];
                    };
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentAuditLog: {
        parameters: {
            query?: {
                /** @description Verify the page's hash chain */
                verify?: "true" | "false";
                limit?: number;
                /** @description Cursor: the `nextCursor` of the previous page (entries after it); default 0 */
                after?: number | null;
            };
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries, oldest first (limit, after; nextCursor) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentAuditLog"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentDeleted"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateShare"];
            };
        };
        responses: {
            /** @description The link; the token is shown only here */
            201: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentShare"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listShareLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Links not revoked, not expired and not spent, newest first (at most 100) */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentShareList"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id (UUID) */
                fileId: string;
                /** @description Share link id (from create or list) */
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked: the link answers 404 from now on */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentShareRevoked"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record in the caller's reach */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The document (or share link) has expired */
            410: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rewrapDocumentKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RewrapDocumentKeys"];
            };
        };
        responses: {
            /** @description How many keys moved and how many remain */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewrapResult"];
                };
            };
            /** @description Malformed request (bad JSON, query parameter or header) */
            400: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but the role may not do this */
            403: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not sent as application/json */
            415: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body failed validation; details map field to message */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHostedInvoicePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice as an HTML page */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No invoice behind this link */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHostedInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice PDF */
            200: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description No invoice behind this link */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHostedInvoiceEInvoice: {
        parameters: {
            query?: {
                /** @description `ubl`: UBL 2.1 (Peppol BIS Billing 3.0); `cii`: UN/CEFACT CII D16B (EN 16931) */
                syntax?: "ubl" | "cii";
            };
            header?: never;
            path: {
                /** @description The invoice's link token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The e-invoice XML (EN 16931) */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description No invoice behind this link */
            404: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The invoice lacks what EN 16931 needs; details name the fields */
            422: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds until a request is admitted again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body never carries internals */
            500: {
                headers: {
                    /** @description Requests allowed per window for this caller (per minute; per hour on a spent document budget) */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the sliding window after this one */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time in seconds when the oldest counted request leaves the window */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
