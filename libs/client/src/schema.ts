// Generated from the OpenAPI document by scripts/client-types.mjs (openapi-typescript); do not edit.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness under its former path (same as /health/ready) */
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (no dependency check; a PostgreSQL or Redis outage is not a reason to restart it) */
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: PostgreSQL and Redis answer within 2 s each and the process is not stopping */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one company
         * @description The full Company record with `technologies` (most prominent category first) and `technologies_checked_at`. `saved` is null while the workspace never saved the company; the workspace's name edit replaces `name` and shows in `saved.edits.name`. Free.
         */
        get: operations["CompaniesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set (string) or remove (null) the workspace's own name of a company it saved; answers the company record */
        patch: operations["CompaniesController_update"];
        trace?: never;
    };
    "/v2/companies/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save companies into the workspace, optionally into company lists
         * @description Free. Every item lands in exactly one of `saved`, `not_matched`, `invalid`, `failed`; a storage failure of one item puts it under `failed` (retry those) and the rest still save. Re-saving keeps the first `saved_at`. Uses 1 unit of the `enrich` rate limit per item without an id. Every bucket item carries `index`, its position in `data`. In `saved`, `list_ids` are the lists of the request that this call added the company to (empty when it was in all of them already), `all_list_ids` every live company list holding it after the call, oldest membership first. In `invalid`, `skipped` names the unusable keys (`id` for a malformed id or id string, `domain`, `name`…).
         */
        post: operations["CompaniesController_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's credit balance */
        get: operations["CreditsController_balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/credits/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's credit ledger, newest first
         * @description One row per balance change: `amount` (positive adds, negative spends), `balance_after`, `reason`, the `request_id` (x-request-id or CLI command) that made it and reason-specific `details`. The balance always equals the sum of every row's `amount`; `metadata.balance` is the balance now and `metadata.pagination` is `{page, per_page, total_count, total_pages}`. `reason` narrows to one reason. Free.
         */
        get: operations["CreditsController_transactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email-verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's email verification jobs, newest first (without results) */
        get: operations["VerificationsController_list"];
        put?: never;
        /**
         * Start a bulk email verification job
         * @description Free. Addresses are trimmed and lower-cased (local part included) and de-duplicated; `total` counts distinct addresses. The worker verifies syntax, then, **only for an address the workspace owns** (an email a people save revealed to it, matched without case, judged when the job runs), the status the service database stores for it, then whether the domain accepts mail (MX). Any other address (another workspace's reveal, an edited email, a stored address never revealed to this workspace) gets only the independent checks: `invalid` for bad syntax or a domain without mail, otherwise `unknown` (also `unknown` whenever the domain check is off). See docs/email-verification.md. Poll GET /v2/email-verifications/{id} (the `Location` header) until `completed` or `failed`, waiting the `Retry-After` seconds between reads. At most VERIFICATION_ADDRESSES_PER_DAY (100,000) distinct addresses per workspace in any rolling 24 hours, counted as the jobs' `total`. Results are kept for VERIFICATION_RETENTION (30 days) after the job ends.
         */
        post: operations["VerificationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email-verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one email verification job with its results
         * @description Free. `results` lists verified addresses in input order, 1,000 per page (`?page=`); `metadata.pagination` (`{page, per_page, total_count, total_pages}`, as every list) counts the verified ones. VERIFICATION_RETENTION (30 days) after the job ended maintenance deletes its results and sets `results_expired_at`: the job keeps its status and `counts`, `results` is then empty (`total_count` 0). While the job is `queued` or `running` the answer carries a `Retry-After` header: seconds to wait before polling again.
         */
        get: operations["VerificationsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/enums/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Values of one enumeration
         * @description `data` is an array of items, each with `value` (what filters and records use) and details: industries and departments list each group (`type` group, its members) followed by its members (`group` names their group); regions carry `countries` (ISO 3166-1 alpha-2); countries carry `name`; employee_ranges carry `min`/`max` (max null = open-ended). The whole enumeration is one page of the list convention.
         */
        get: operations["EnumsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read any job (email verification, people export) in the generic shape
         * @description Free. While the job is `queued` or `running` the answer carries a `Retry-After` header (seconds to wait before polling again).
         */
        get: operations["JobsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live lists of the workspace, oldest first; `type` narrows to people or company lists */
        get: operations["ListsController_list"];
        put?: never;
        /** Create a typed list (people or company) */
        post: operations["ListsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a list: it is no longer live, no save or removal may use it; its members stay saved */
        delete: operations["ListsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notifications for the workspace admin (such as a disabled webhook), newest first */
        get: operations["NotificationsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one person with the workspace’s saved record
         * @description The Person as people search shows it, plus `saved`: null while the workspace never saved the person, else `{id (always null), saved_at, list_ids (live people lists holding the person, oldest membership first), email (the edited email, else the revealed one, else null), email_source (`edited`, `revealed` or null), edits ({email} while edited)}`. Free.
         */
        get: operations["PeopleRecordsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set (string) or remove (null) the workspace's own email of a person it saved; answers the person record
         * @description An edited person counts in the `edited` bucket of credit previews and saves, and is never charged. Free.
         */
        patch: operations["PeopleRecordsController_update"];
        trace?: never;
    };
    "/v2/people/calculate-credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview what saving people would take and cost, spending nothing
         * @description Counts the people a save of the same body would take into `emails` buckets (edited › already_owned › to_charge › without_email) and answers `credits_needed` (one per stored valid email the workspace does not own yet) against the balance. Spends and reserves nothing; a zero balance answers 200 with `enough_credits` false. Uses the `search` rate limit: 1 unit per started 500 `data` items; 1 for `filters` (0 when they reach saved people only).
         */
        post: operations["PeopleSavesController_calculateCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export saved people to CSV as a job
         * @description Free. Takes saved people by `ids` or by `filters` (a people search over saved people), resolved now and stored in order; the worker writes the CSV. Ids the workspace has not saved are skipped (`skipped`). Poll GET /v2/people/exports/{id} or GET /v2/jobs/{id} until `completed`, then fetch `download_url`. Exported people are recorded for the `duplicates.exclude_exported` search filter when the export completes. At most EXPORTS_PER_DAY (50) exports per workspace in any rolling 24 hours, else 429 `RATE_LIMIT` with `Retry-After` and nothing is created. The file is kept for EXPORT_RETENTION (7 days) after completion. See docs/people-export.md.
         */
        post: operations["PeopleExportsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one people export
         * @description Free. `download_url` is set once `completed`, until the file expires: EXPORT_RETENTION (7 days) after completion maintenance deletes the file and the stored person ids, sets `expired_at` and clears `download_url`; the record stays readable with its status and counts. While the export is `queued` or `running` the answer carries a `Retry-After` header.
         */
        get: operations["PeopleExportsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a completed people export's CSV
         * @description Free. RFC 4180 CSV (UTF-8, CRLF, header row; columns in docs/people-export.md). Before the export completes: 409 NOT_READY with `Retry-After`. Once the file expired (EXPORT_RETENTION after completion): 410 GONE.
         */
        get: operations["PeopleExportsController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/lists/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove people from one people list
         * @description `data.removed` counts the given people who were in the list. They stay saved, keep their emails and stay in their other lists; repeating the call is safe and answers 0. Free, not rate limited, emits no event.
         */
        post: operations["PeopleListsController_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save people, charging one credit per email revealed
         * @description Takes the body of the preview plus `list_ids`. Saves every person taken (a person saved before keeps the first `saved_at`), adds them to the lists, and charges one credit per `to_charge` person in the same transaction, revealing that email; when the balance runs out the rest are saved unrevealed, and a later save charges and reveals them. An identical retry charges nothing. Answers the company save's buckets (each item with its `index` in `data`) plus `metadata.credits` `{charged, balance}`. Writes `person.saved` and `person.email_found` events. Rate use as the preview. See docs/people-saves.md.
         */
        post: operations["PeopleSavesController_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/people/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search people with the people search filter set
         * @description Answers one page of people (`data`) with their primary position and its company, and `metadata.pagination` `{page, per_page, total_count, total_pages, total_is_estimate}`. Default order: followers descending; `sort_by` applies while fewer than 500,000 people match. Emails are never shown here (saving reveals them). Uses 1 unit of the `search` rate limit.
         */
        post: operations["PeopleController_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/search/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suggest filter values as the user types
         * @description `data` is an array of `{value, count}`, best first; `value` is exactly a string the filter of `type` accepts. A value matches when it or one of its words starts with `query` (case-insensitive, diacritics significant). Order: the value equal to the query, then values starting with it, then values with a later word starting with it; inside each, `count` descending, then value. `count`: company_keywords = companies with the specialty; person_job_title = people whose primary position has exactly that title; person_location = people there (a region: people in its countries); company_industry = companies in the industry (a group: in any of its industries); company_name = the employee headcount (0 when unknown), and each item also carries the company `id` and `website` (companies sharing a name are separate items). Values are recomputed after every dataset load. Free; not rate limited.
         */
        post: operations["SuggestController_suggest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's webhooks, newest first (never their secrets); `status` narrows to active or disabled ones */
        get: operations["WebhooksController_list"];
        put?: never;
        /**
         * Register a webhook; the answer holds its signing secret, shown only this once
         * @description The receiver URL must be https on a public host, on port 443 or 8443 unless the operator allows more (400 `invalid_value` on `url`, with `payload.allowed_ports`); it is stored trimmed and normalised (WHATWG serialisation: lower-case scheme and host, `/` path when empty). `events` must hold at least one of the three real event types. At most 25 active webhooks per workspace, and 100 in all, disabled ones included (400 `out_of_range` on `webhooks`, `payload.limit`, `payload.counted` `active` or `all`).
         */
        post: operations["WebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one webhook */
        get: operations["WebhooksController_get"];
        put?: never;
        post?: never;
        /** Delete a webhook; pending deliveries are dropped */
        delete: operations["WebhooksController_remove"];
        options?: never;
        head?: never;
        /**
         * Update url, events, description or status
         * @description `status: "active"` re-enables a disabled webhook (within the 25-active limit; at most 10 times an hour per workspace and receiver host, and within the workspace's on-demand budget, else 429 `RATE_LIMIT` with `Retry-After`); `"disabled"` stops deliveries and drops pending retries. `description: null` clears the description; a null `url`, `events` or `status` answers 400 `VALIDATION_ERROR` (`invalid_value`) on that field. `events` keeps at least one real event type. The URL is stored trimmed and normalised.
         */
        patch: operations["WebhooksController_update"];
        trace?: never;
    };
    "/v2/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery history (one record per attempt), newest first; filter by event_id and status
         * @description `next_attempt_at` is when the retry this attempt scheduled runs (null when none). A retry dropped because the webhook was disabled (or its task dropped) shows `next_attempt_at: null` and `retry_dropped: true`.
         */
        get: operations["WebhooksController_listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the event of one delivery again, now (a fresh run of the retry schedule)
         * @description At most 30 a minute per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`. A disabled webhook answers 400 `invalid_value` on `id`.
         */
        post: operations["WebhooksController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every event whose delivery to this webhook failed for good (or was dropped) since a time
         * @description At most 10 an hour per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`. A disabled webhook answers 400 `invalid_value` on `id`.
         */
        post: operations["WebhooksController_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new one is shown only this once
         * @description During `grace` (0 to 7d, default 24h) deliveries carry one signature per secret, so receivers can switch without losing events. The body may be left out (or `grace` null): the default grace applies.
         */
        post: operations["WebhooksController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this webhook (whatever its subscribed events)
         * @description At most 10 a minute per workspace and receiver host. Deleting and re-creating a webhook resets nothing; every on-demand send of a workspace (test, resend, recover, re-enable) also counts against 60 a minute. Over either limit: 429 `RATE_LIMIT` with `Retry-After`.
         */
        post: operations["WebhooksController_sendTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key's workspace: name, credit balance and the member the key belongs to */
        get: operations["WorkspaceController_current"];
        put?: never;
        post?: never;
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
        CalculateCreditsDto: {
            /**
             * @description 1-25,000 items: a person id string (24 hex), or `{"pro_network_url": "…"}` (at most 50). Malformed items count as `invalid`, unknown ones as `not_matched`; a repeated item counts in `requested` only. Exactly one of `data` and `filters`.
             * @example [
             *       "5e0000000000000000000001",
             *       {
             *         "pro_network_url": "https://pronet.example/in/ana-souza"
             *       }
             *     ]
             */
            data?: (string | {
                pro_network_url: string;
            })[];
            /** @description with `filters`: person ids left out (at most 25,000) */
            exclude_ids?: string[];
            /**
             * @description The people search filter set (POST /v2/people/search, docs/people-search.md): the save takes its first `limit` people in result order.
             * @example {
             *       "person_seniority": {
             *         "include": [
             *           "VP"
             *         ]
             *       },
             *       "contact_details": {
             *         "email": {
             *           "status": [
             *             "valid"
             *           ]
             *         }
             *       }
             *     }
             */
            filters?: components["schemas"]["PeopleFilters"];
            /** @description with `filters`: most people taken, 1-25,000, default 25,000. A whole-list preview (filters hold only `lists` naming exactly one list in `include`, or only `saved` = `any`/`without_list`, and no `exclude_ids`) goes up to 1,000,000 and defaults to it; a save always takes at most 25,000 per request. */
            limit?: number;
            /** @description accepted and ignored: lists never change the price */
            list_ids?: string[];
        };
        CompanySavedEvent: {
            /** Format: date-time */
            created_at: string;
            data: {
                company?: {
                    business_type?: string;
                    description?: string;
                    email?: {
                        domain?: string;
                        provider?: unknown;
                    };
                    employee_count?: number;
                    employee_range?: string;
                    founded?: number;
                    id?: string;
                    industry?: string;
                    keywords?: string[];
                    location?: {
                        city?: string;
                        country?: string;
                        country_code?: string;
                        raw_address?: string;
                        state?: string;
                        state_code?: string;
                    };
                    logo?: string;
                    naics_codes?: number[];
                    name?: string;
                    other_locations?: {
                        city?: string;
                        country?: string;
                        country_code?: string;
                        raw_address?: unknown;
                        state?: string;
                        state_code?: string;
                    }[];
                    pro_network_url?: string;
                    revenue_stream?: string;
                    saved?: {
                        edits?: {
                            name?: string;
                        };
                        id?: unknown;
                        list_ids?: string[];
                        /** Format: date-time */
                        saved_at?: string;
                    };
                    social_networks?: {
                        code_host_url?: string;
                        directory_url?: unknown;
                        pinboard_url?: unknown;
                        pro_network_url?: string;
                        social_a_url?: string;
                        social_b_url?: unknown;
                        social_c_url?: unknown;
                        video_a_url?: unknown;
                        video_b_url?: unknown;
                    };
                    technologies?: {
                        categories?: {
                            id?: string;
                            name?: string;
                        }[];
                        icon_url?: unknown;
                        id?: string;
                        name?: string;
                        website?: string;
                    }[];
                    /** Format: date-time */
                    technologies_checked_at?: string;
                    type?: string;
                    website?: string;
                };
                list_ids?: unknown[];
                /** Format: date-time */
                saved_at?: string;
            };
            id: string;
            /** @enum {string} */
            type: "company.saved";
        };
        CreateEmailVerificationDto: {
            /**
             * @description 1-10000 email addresses (strings). They are trimmed, lower-cased and de-duplicated; an address that is not well formed is verified as `invalid`.
             * @example [
             *       "ada.lovelace@example.com",
             *       "Grace.Hopper@Example.org",
             *       "not-an-address"
             *     ]
             */
            emails: string[];
        };
        CreateListDto: {
            /** @example Target accounts Q3 */
            name: string;
            /**
             * @example company
             * @enum {string}
             */
            type: "people" | "company";
        };
        CreatePeopleExportDto: {
            /** @description with `filters`: person ids left out (at most 25,000) */
            exclude_ids?: string[];
            /**
             * @description The people search filter set (POST /v2/people/search, docs/people-search.md) over saved people: `lists.saved` is set to `any` when left out; `none` answers 400. The export takes the first `limit` people in result order.
             * @example {
             *       "lists": {
             *         "include": [
             *           "lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C"
             *         ]
             *       },
             *       "person_seniority": {
             *         "include": [
             *           "VP"
             *         ]
             *       }
             *     }
             */
            filters?: components["schemas"]["PeopleFilters"];
            /**
             * @description 1-25,000 person ids (24 lower-case hex), exported in this order; ids the workspace has not saved are skipped. Exactly one of `ids` and `filters`.
             * @example [
             *       "5e0000000000000000000001",
             *       "5e0000000000000000000018"
             *     ]
             */
            ids?: string[];
            /** @description with `filters`: most people taken, 1-25,000, default 25,000 */
            limit?: number;
        };
        CreateWebhookDto: {
            /**
             * @description Free text for people reading the webhook list (at most 500 characters); null or absent: none
             * @example CRM sync
             */
            description?: Record<string, never> | null;
            /**
             * @description Event types to receive: at least one of `person.saved`, `person.email_found`, `company.saved`. `webhook.test` is always delivered on request and may be listed beside them, not alone.
             * @example [
             *       "person.saved",
             *       "company.saved"
             *     ]
             */
            events: ("person.saved" | "person.email_found" | "company.saved" | "webhook.test")[];
            /**
             * @description https URL on a public host that receives the POSTed events; stored trimmed and normalised (WHATWG serialisation)
             * @example https://hooks.example.com/prospecting
             */
            url: string;
        };
        ErrorEnvelope: {
            /** @enum {unknown|null} */
            data: null;
            errors: {
                message: string;
                /** @example VALIDATION_ERROR */
                name: string;
                payload: {
                    /** @enum {string} */
                    code?: "out_of_range" | "conflicting_fields" | "unknown_field" | "invalid_value" | "invalid_format" | "too_deep" | "too_many_values" | "too_many_keys";
                    field?: string;
                } & {
                    [key: string]: unknown;
                };
            }[];
            metadata: {
                request_id?: string;
                /** Format: date-time */
                timestamp: string;
            };
            /** @enum {boolean} */
            success: false;
        };
        PaginationSchema: {
            /**
             * @description the page answered, from 1
             * @example 1
             */
            page: number;
            /**
             * @description items per page asked for
             * @example 25
             */
            per_page: number;
            /**
             * @description items across all pages
             * @example 1
             */
            total_count: number;
            /**
             * @description pages there are; a page past the end is empty with the same totals
             * @example 1
             */
            total_pages: number;
        };
        /** @description The people search filter set: every key optional, combined with AND (docs/people-search.md). Enum values match in any case; strings are trimmed. `company_technologies` and `company_technology_categories` are read and answer 400 (not offered yet). */
        PeopleFilters: {
            company?: {
                domain?: {
                    exclude?: string[];
                    include?: string[];
                    /** @enum {string} */
                    match_mode?: "ORGANIZATION" | "PRIMARY" | "LINKEDIN_WEBSITE";
                };
                id?: {
                    exclude?: string[];
                    include?: string[];
                };
                name?: {
                    exclude?: string[];
                    include?: string[];
                    /** @enum {string} */
                    match_mode?: "EXACT" | "CONTAINS";
                };
                pro_network_id?: {
                    exclude?: number[];
                    include?: number[];
                };
            };
            company_business_type?: {
                exclude?: ("B2B" | "B2C" | "Nonprofit" | "Unknown")[];
                include?: ("B2B" | "B2C" | "Nonprofit" | "Unknown")[];
            };
            company_country?: {
                exclude?: ("AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW")[];
                headquarters_only?: boolean;
                include?: ("AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "YE" | "YT" | "ZA" | "ZM" | "ZW")[];
            };
            /** @description `max` may not be below `min` (400 `out_of_range`) */
            company_founded?: {
                max?: number;
                min?: number;
            };
            /** @description `max` may not be below `min` (400 `out_of_range`) */
            company_headcount_custom?: {
                max?: number;
                min?: number;
            };
            company_headcount_range?: ("1-10" | "11-50" | "51-200" | "201-500" | "501-1000" | "1001-5000" | "5001-10000" | "10001+")[];
            company_industry?: {
                exclude?: ("Accommodation Services" | "Administrative and Support Services" | "Construction" | "Consumer Services" | "Education" | "Entertainment Providers" | "Farming, Ranching, Forestry" | "Financial Services" | "Government Administration" | "Holding Companies" | "Hospitals and Health Care" | "Manufacturing" | "Oil, Gas, and Mining" | "Professional Services" | "Real Estate and Equipment Rental Services" | "Retail" | "Technology, Information and Media" | "Transportation, Logistics, Supply Chain and Storage" | "Utilities" | "Wholesale" | "Hospitality" | "Food and Beverage Services" | "Restaurants" | "Staffing and Recruiting" | "Outsourcing and Offshoring Consulting" | "Security and Investigations" | "Events Services" | "Translation and Localization" | "Civil Engineering" | "Building Construction" | "Personal Care Services" | "Non-profit Organizations" | "Religious Institutions" | "Higher Education" | "Primary and Secondary Education" | "E-Learning Providers" | "Education Administration Programs" | "Performing Arts" | "Spectator Sports" | "Museums, Historical Sites, and Zoos" | "Farming" | "Ranching and Fisheries" | "Forestry and Logging" | "Banking" | "Insurance" | "Investment Banking" | "Investment Management" | "Venture Capital and Private Equity Principals" | "Capital Markets" | "Armed Forces" | "Public Policy Offices" | "Law Enforcement" | "Hospitals" | "Medical Practices" | "Mental Health Care" | "Wellness and Fitness Services" | "Pharmaceutical Manufacturing" | "Medical Equipment Manufacturing" | "Computers and Electronics Manufacturing" | "Semiconductor Manufacturing" | "Motor Vehicle Manufacturing" | "Aviation and Aerospace Component Manufacturing" | "Defense and Space Manufacturing" | "Food and Beverage Manufacturing" | "Chemical Manufacturing" | "Machinery Manufacturing" | "Textile Manufacturing" | "Oil and Gas" | "Mining" | "Accounting" | "Legal Services" | "Law Practice" | "Business Consulting and Services" | "Advertising Services" | "Marketing Services" | "Design Services" | "Architecture and Planning" | "Research Services" | "IT Services and IT Consulting" | "Engineering Services" | "Real Estate" | "Leasing Non-residential Real Estate" | "Equipment Rental Services" | "Retail Apparel and Fashion" | "Retail Groceries" | "Online and Mail Order Retail" | "Retail Luxury Goods and Jewelry" | "Software Development" | "Technology, Information and Internet" | "Computer and Network Security" | "Data Infrastructure and Analytics" | "Internet Marketplace Platforms" | "Telecommunications" | "Broadcast Media Production and Distribution" | "Book and Periodical Publishing" | "Newspaper Publishing" | "Movies, Videos, and Sound" | "Computer Games" | "Truck Transportation" | "Airlines and Aviation" | "Maritime Transportation" | "Warehousing and Storage" | "Renewable Energy Power Generation" | "Electric Power Generation" | "Water Supply and Irrigation Systems" | "Wholesale Import and Export" | "Wholesale Building Materials" | "Wholesale Food and Beverage")[];
                include?: ("Accommodation Services" | "Administrative and Support Services" | "Construction" | "Consumer Services" | "Education" | "Entertainment Providers" | "Farming, Ranching, Forestry" | "Financial Services" | "Government Administration" | "Holding Companies" | "Hospitals and Health Care" | "Manufacturing" | "Oil, Gas, and Mining" | "Professional Services" | "Real Estate and Equipment Rental Services" | "Retail" | "Technology, Information and Media" | "Transportation, Logistics, Supply Chain and Storage" | "Utilities" | "Wholesale" | "Hospitality" | "Food and Beverage Services" | "Restaurants" | "Staffing and Recruiting" | "Outsourcing and Offshoring Consulting" | "Security and Investigations" | "Events Services" | "Translation and Localization" | "Civil Engineering" | "Building Construction" | "Personal Care Services" | "Non-profit Organizations" | "Religious Institutions" | "Higher Education" | "Primary and Secondary Education" | "E-Learning Providers" | "Education Administration Programs" | "Performing Arts" | "Spectator Sports" | "Museums, Historical Sites, and Zoos" | "Farming" | "Ranching and Fisheries" | "Forestry and Logging" | "Banking" | "Insurance" | "Investment Banking" | "Investment Management" | "Venture Capital and Private Equity Principals" | "Capital Markets" | "Armed Forces" | "Public Policy Offices" | "Law Enforcement" | "Hospitals" | "Medical Practices" | "Mental Health Care" | "Wellness and Fitness Services" | "Pharmaceutical Manufacturing" | "Medical Equipment Manufacturing" | "Computers and Electronics Manufacturing" | "Semiconductor Manufacturing" | "Motor Vehicle Manufacturing" | "Aviation and Aerospace Component Manufacturing" | "Defense and Space Manufacturing" | "Food and Beverage Manufacturing" | "Chemical Manufacturing" | "Machinery Manufacturing" | "Textile Manufacturing" | "Oil and Gas" | "Mining" | "Accounting" | "Legal Services" | "Law Practice" | "Business Consulting and Services" | "Advertising Services" | "Marketing Services" | "Design Services" | "Architecture and Planning" | "Research Services" | "IT Services and IT Consulting" | "Engineering Services" | "Real Estate" | "Leasing Non-residential Real Estate" | "Equipment Rental Services" | "Retail Apparel and Fashion" | "Retail Groceries" | "Online and Mail Order Retail" | "Retail Luxury Goods and Jewelry" | "Software Development" | "Technology, Information and Internet" | "Computer and Network Security" | "Data Infrastructure and Analytics" | "Internet Marketplace Platforms" | "Telecommunications" | "Broadcast Media Production and Distribution" | "Book and Periodical Publishing" | "Newspaper Publishing" | "Movies, Videos, and Sound" | "Computer Games" | "Truck Transportation" | "Airlines and Aviation" | "Maritime Transportation" | "Warehousing and Storage" | "Renewable Energy Power Generation" | "Electric Power Generation" | "Water Supply and Irrigation Systems" | "Wholesale Import and Export" | "Wholesale Building Materials" | "Wholesale Food and Beverage")[];
            };
            company_keywords?: {
                exclude?: string[];
                include: string[];
                include_all?: boolean;
                sources?: ("specialties" | "social_media_description" | "website_pages")[];
            };
            company_location?: {
                exclude?: string[];
                headquarters_only?: boolean;
                include?: string[];
            };
            company_naics?: {
                exclude?: number[];
                include?: number[];
            };
            company_revenue_stream?: {
                exclude?: ("Professional Services" | "Product Sales" | "Grants / Donations" | "Subscriptions / Recurring" | "Project / Contract Work" | "Event / Experience Revenue" | "Transaction Fees" | "Rental / Leasing" | "Advertising" | "Financial Services" | "Licensing / IP" | "Unknown")[];
                include?: ("Professional Services" | "Product Sales" | "Grants / Donations" | "Subscriptions / Recurring" | "Project / Contract Work" | "Event / Experience Revenue" | "Transaction Fees" | "Rental / Leasing" | "Advertising" | "Financial Services" | "Licensing / IP" | "Unknown")[];
            };
            company_type?: {
                exclude?: ("Privately Held" | "Public Company" | "Non Profit" | "Self Owned" | "Self Employed" | "Partnership" | "Educational" | "Government Agency" | "Unknown")[];
                include?: ("Privately Held" | "Public Company" | "Non Profit" | "Self Owned" | "Self Employed" | "Partnership" | "Educational" | "Government Agency" | "Unknown")[];
            };
            contact_details?: {
                email?: {
                    revealed?: boolean;
                    status?: ("valid" | "invalid" | "accept_all" | "not_found")[];
                };
                phone?: {
                    revealed?: boolean;
                    status?: ("found" | "not_found" | "unknown")[];
                };
            };
            duplicates?: {
                exclude_exported?: boolean;
            };
            lists?: {
                exclude?: string[];
                include?: string[];
                /** @enum {string} */
                saved?: "any" | "none" | "without_list";
                /** @description when the person was saved; `to` may not be before `from` (a date-only `to` covers its whole UTC day) */
                saved_at?: {
                    /**
                     * @description an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T10:00:00Z); a UTC offset up to ±15:59
                     * @example 2026-11-01
                     */
                    from?: string | unknown | unknown;
                    /**
                     * @description an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T10:00:00Z); a UTC offset up to ±15:59
                     * @example 2026-11-01
                     */
                    to?: string | unknown | unknown;
                };
            };
            max_person_per_company?: number;
            /** @description `pro_network_url` cannot be combined with a non-empty `id` or `name` (400 `conflicting_fields`) */
            person?: {
                id?: {
                    exclude?: string[];
                    include?: string[];
                };
                name?: {
                    exclude?: string[];
                    include?: string[];
                };
                pro_network_url?: string[] | {
                    include: string[];
                };
            };
            person_department?: {
                exclude?: ("C-Suite" | "Consulting" | "Design" | "Education" | "Engineering & Technical" | "Finance" | "Human Resources" | "Information Technology" | "Legal" | "Marketing" | "Medical & Health" | "Operations" | "Sales" | "Account Management" | "Accounting" | "Advertising" | "Anesthesiology" | "Artificial Intelligence & Machine Learning" | "Bioengineering" | "Brand Management" | "Business Development" | "Business Intelligence" | "Call Center" | "Channel Sales" | "Chemical Engineering" | "Chiropractics" | "Clinical Systems" | "Cloud & Infrastructure" | "Compensation & Benefits" | "Compliance" | "Construction" | "Consultant" | "Content Marketing" | "Contracts" | "Corporate Secretary" | "Culture, Diversity & Inclusion" | "Customer Experience" | "Customer Marketing" | "Customer Retention & Development" | "Customer Service & Support" | "Customer Success" | "Data Center" | "Data Science" | "Database Administration" | "Demand Generation" | "Dentistry" | "Dermatology" | "DevOps" | "Digital Marketing" | "Doctors & Physicians" | "eCommerce Development" | "eCommerce Marketing" | "eDiscovery" | "Employee & Labor Relations" | "Engineering Management" | "Enterprise Architecture" | "Epidemiology" | "ERP Systems" | "Event Marketing" | "Executive" | "Facilities Management" | "Field & Outside Sales" | "Finance Executive" | "Financial Planning & Analysis" | "Financial Reporting" | "Financial Risk" | "Financial Systems" | "Founder" | "Governmental Affairs & Regulatory Law" | "Graphic & Visual & Brand Design" | "Help Desk & Desktop Services" | "HR Business Partner" | "Human Resources Executive" | "Industrial Engineering" | "Infectious Disease" | "Information Security" | "Information Technology Executive" | "Inside Sales" | "Intellectual Property & Patent" | "Internal Audit & Control" | "Investor Relations" | "IT Asset Management" | "IT Audit & IT Compliance" | "IT Operations" | "Labor & Employment" | "Lawyer & Attorney" | "Lead Generation" | "Learning & Development" | "Legal Counsel" | "Legal Executive" | "Legal Operations" | "Litigation" | "Logistics" | "Marketing Analytics & Insights" | "Marketing Communications" | "Marketing Executive" | "Marketing Operations" | "Medical & Health Executive" | "Medical Administration" | "Medical Education & Training" | "Medical Research" | "Mergers & Acquisitions" | "Mobile Development" | "Networking" | "Neurology" | "Nursing" | "Nutrition & Dietetics" | "Obstetrics & Gynecology" | "Oncology" | "Operations Executive" | "Ophthalmology" | "Optometry" | "Organizational Development" | "Orthopedics" | "Pathology" | "Pediatrics" | "People Operations" | "Pharmacy" | "Physical Security" | "Physical Therapy" | "Principal" | "Privacy" | "Product Management" | "Product Marketing" | "Product or UI&UX Design" | "Professor" | "Project Management" | "Psychiatry" | "Psychology" | "Public Health" | "Public Relations" | "Quality Management" | "Radiology" | "Real Estate" | "Real Estate Finance" | "Recruiting & Talent Acquisition" | "Revenue Operations" | "Safety" | "Sales Enablement" | "Sales Engineering" | "Sales Leader" | "Sales Operations" | "Scrum Master & Agile Coach" | "Search Engine Optimization & Pay Per Click" | "Servers & Cloud Infrastructure" | "Social Media Marketing" | "Software Development" | "Sourcing & Procurement" | "Superintendent" | "Supply Chain" | "Talent Management" | "Tax" | "Teacher" | "Telecommunications" | "Test & Quality Assurance" | "Treasury" | "Web Design" | "Web Development" | "Workforce Management")[];
                include?: ("C-Suite" | "Consulting" | "Design" | "Education" | "Engineering & Technical" | "Finance" | "Human Resources" | "Information Technology" | "Legal" | "Marketing" | "Medical & Health" | "Operations" | "Sales" | "Account Management" | "Accounting" | "Advertising" | "Anesthesiology" | "Artificial Intelligence & Machine Learning" | "Bioengineering" | "Brand Management" | "Business Development" | "Business Intelligence" | "Call Center" | "Channel Sales" | "Chemical Engineering" | "Chiropractics" | "Clinical Systems" | "Cloud & Infrastructure" | "Compensation & Benefits" | "Compliance" | "Construction" | "Consultant" | "Content Marketing" | "Contracts" | "Corporate Secretary" | "Culture, Diversity & Inclusion" | "Customer Experience" | "Customer Marketing" | "Customer Retention & Development" | "Customer Service & Support" | "Customer Success" | "Data Center" | "Data Science" | "Database Administration" | "Demand Generation" | "Dentistry" | "Dermatology" | "DevOps" | "Digital Marketing" | "Doctors & Physicians" | "eCommerce Development" | "eCommerce Marketing" | "eDiscovery" | "Employee & Labor Relations" | "Engineering Management" | "Enterprise Architecture" | "Epidemiology" | "ERP Systems" | "Event Marketing" | "Executive" | "Facilities Management" | "Field & Outside Sales" | "Finance Executive" | "Financial Planning & Analysis" | "Financial Reporting" | "Financial Risk" | "Financial Systems" | "Founder" | "Governmental Affairs & Regulatory Law" | "Graphic & Visual & Brand Design" | "Help Desk & Desktop Services" | "HR Business Partner" | "Human Resources Executive" | "Industrial Engineering" | "Infectious Disease" | "Information Security" | "Information Technology Executive" | "Inside Sales" | "Intellectual Property & Patent" | "Internal Audit & Control" | "Investor Relations" | "IT Asset Management" | "IT Audit & IT Compliance" | "IT Operations" | "Labor & Employment" | "Lawyer & Attorney" | "Lead Generation" | "Learning & Development" | "Legal Counsel" | "Legal Executive" | "Legal Operations" | "Litigation" | "Logistics" | "Marketing Analytics & Insights" | "Marketing Communications" | "Marketing Executive" | "Marketing Operations" | "Medical & Health Executive" | "Medical Administration" | "Medical Education & Training" | "Medical Research" | "Mergers & Acquisitions" | "Mobile Development" | "Networking" | "Neurology" | "Nursing" | "Nutrition & Dietetics" | "Obstetrics & Gynecology" | "Oncology" | "Operations Executive" | "Ophthalmology" | "Optometry" | "Organizational Development" | "Orthopedics" | "Pathology" | "Pediatrics" | "People Operations" | "Pharmacy" | "Physical Security" | "Physical Therapy" | "Principal" | "Privacy" | "Product Management" | "Product Marketing" | "Product or UI&UX Design" | "Professor" | "Project Management" | "Psychiatry" | "Psychology" | "Public Health" | "Public Relations" | "Quality Management" | "Radiology" | "Real Estate" | "Real Estate Finance" | "Recruiting & Talent Acquisition" | "Revenue Operations" | "Safety" | "Sales Enablement" | "Sales Engineering" | "Sales Leader" | "Sales Operations" | "Scrum Master & Agile Coach" | "Search Engine Optimization & Pay Per Click" | "Servers & Cloud Infrastructure" | "Social Media Marketing" | "Software Development" | "Sourcing & Procurement" | "Superintendent" | "Supply Chain" | "Talent Management" | "Tax" | "Teacher" | "Telecommunications" | "Test & Quality Assurance" | "Treasury" | "Web Design" | "Web Development" | "Workforce Management")[];
            };
            person_job_change?: {
                /** @enum {string} */
                change_type?: "any" | "promotion" | "new_company";
                timeframe_months: number;
            };
            /** @description `boolean_search` cannot be combined with a non-empty `include` or `exclude` (400 `conflicting_fields`) */
            person_job_title?: {
                /**
                 * @description a boolean title search: words, "phrases", AND, OR, NOT and parentheses
                 * @example ("VP" OR Director) AND Sales
                 */
                boolean_search?: string;
                exclude?: string[];
                include?: string[];
                /** @enum {string} */
                match_mode?: "CONTAINS" | "EXACT";
            };
            person_location?: {
                exclude?: string[];
                include?: string[];
            };
            /** @description `max` may not be below `min` (400 `out_of_range`) */
            person_months_in_current_company?: {
                max?: number;
                min?: number;
            };
            /** @description `max` may not be below `min` (400 `out_of_range`) */
            person_months_in_current_role?: {
                max?: number;
                min?: number;
            };
            person_seniority?: {
                exclude?: ("Owner" | "Partner" | "Chief Officer" | "VP" | "Director" | "Senior" | "Manager" | "Entry" | "Intern" | "Unpaid")[];
                include?: ("Owner" | "Partner" | "Chief Officer" | "VP" | "Director" | "Senior" | "Manager" | "Entry" | "Intern" | "Unpaid")[];
            };
            /** @enum {string} */
            sort_by?: "person_first_name" | "person_last_name" | "person_seniority" | "company_employee_count" | "company_name" | "company_industry" | "person_country" | "company_founded" | "person_email_available" | "person_job_title" | "company_country" | "company_type" | "company_business_type" | "company_revenue_stream" | "person_saved_at";
            /** @enum {string} */
            sort_direction?: "asc" | "desc";
        };
        PersonEmailFoundEvent: {
            /** Format: date-time */
            created_at: string;
            data: {
                email?: string;
                list_ids?: string[];
                person?: {
                    contact_details?: {
                        email?: {
                            revealed?: boolean;
                            status?: string;
                        };
                        phone?: {
                            status?: string;
                        };
                    };
                    first_name?: string;
                    followers?: number;
                    full_name?: string;
                    id?: string;
                    last_name?: string;
                    location?: {
                        city?: string;
                        country?: string;
                        country_code?: string;
                        state?: string;
                        state_code?: string;
                    };
                    primary_position?: {
                        company?: {
                            business_type?: string;
                            description?: string;
                            email?: {
                                domain?: string;
                                provider?: unknown;
                            };
                            employee_count?: number;
                            employee_range?: string;
                            founded?: number;
                            id?: string;
                            industry?: string;
                            keywords?: string[];
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: string;
                                state?: string;
                                state_code?: string;
                            };
                            logo?: string;
                            naics_codes?: number[];
                            name?: string;
                            other_locations?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: unknown;
                                state?: string;
                                state_code?: string;
                            }[];
                            pro_network_url?: string;
                            revenue_stream?: string;
                            saved?: unknown;
                            social_networks?: {
                                code_host_url?: string;
                                directory_url?: unknown;
                                pinboard_url?: unknown;
                                pro_network_url?: string;
                                social_a_url?: string;
                                social_b_url?: unknown;
                                social_c_url?: unknown;
                                video_a_url?: unknown;
                                video_b_url?: unknown;
                            };
                            type?: string;
                            website?: string;
                        };
                        company_id?: string;
                        departments?: string[];
                        ended_at?: unknown;
                        seniority?: string;
                        started_at?: string;
                        title?: string;
                    };
                    pro_network_url?: string;
                };
                /** Format: date-time */
                saved_at?: string;
            };
            id: string;
            /** @enum {string} */
            type: "person.email_found";
        };
        PersonSavedEvent: {
            /** Format: date-time */
            created_at: string;
            data: {
                list_ids?: string[];
                person?: {
                    contact_details?: {
                        email?: {
                            revealed?: boolean;
                            status?: string;
                        };
                        phone?: {
                            status?: string;
                        };
                    };
                    first_name?: string;
                    followers?: number;
                    full_name?: string;
                    id?: string;
                    last_name?: string;
                    location?: {
                        city?: string;
                        country?: string;
                        country_code?: string;
                        state?: string;
                        state_code?: string;
                    };
                    primary_position?: {
                        company?: {
                            business_type?: string;
                            description?: string;
                            email?: {
                                domain?: string;
                                provider?: unknown;
                            };
                            employee_count?: number;
                            employee_range?: string;
                            founded?: number;
                            id?: string;
                            industry?: string;
                            keywords?: string[];
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: string;
                                state?: string;
                                state_code?: string;
                            };
                            logo?: string;
                            naics_codes?: number[];
                            name?: string;
                            other_locations?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: unknown;
                                state?: string;
                                state_code?: string;
                            }[];
                            pro_network_url?: string;
                            revenue_stream?: string;
                            saved?: unknown;
                            social_networks?: {
                                code_host_url?: string;
                                directory_url?: unknown;
                                pinboard_url?: unknown;
                                pro_network_url?: string;
                                social_a_url?: string;
                                social_b_url?: unknown;
                                social_c_url?: unknown;
                                video_a_url?: unknown;
                                video_b_url?: unknown;
                            };
                            type?: string;
                            website?: string;
                        };
                        company_id?: string;
                        departments?: string[];
                        ended_at?: unknown;
                        seniority?: string;
                        started_at?: string;
                        title?: string;
                    };
                    pro_network_url?: string;
                };
                /** Format: date-time */
                saved_at?: string;
            };
            id: string;
            /** @enum {string} */
            type: "person.saved";
        };
        RecoverWebhookDto: {
            /**
             * @description ISO 8601 time: every event whose delivery to this webhook failed for good (or was dropped) since then, within WEBHOOK_HISTORY_RETENTION, is sent again
             * @example 2026-11-20T00:00:00Z
             */
            since: string;
        };
        RemoveFromListDto: {
            /**
             * @description 1-500 person ids (24 lowercase hexadecimal characters). Malformed ids are skipped while at least one is well-formed; ids of people not in the list are not counted.
             * @example [
             *       "5e0000000000000000000001",
             *       "5e0000000000000000000017"
             *     ]
             */
            ids: string[];
            /**
             * @description a live people list of the workspace (GET /v2/lists?type=people)
             * @example lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E
             */
            list_id: string;
        };
        RotateSecretDto: {
            /**
             * @description How long the previous secret keeps signing beside the new one: a duration from `0` to `7d` (default `24h`, also when null or when no body is sent)
             * @example 24h
             */
            grace?: Record<string, never> | null;
        };
        SaveCompaniesDto: {
            /** @description 1-500 items: a company id string, or an object with exactly one of `id`, `pro_network_id` (integer), `pro_network_url`, `domain` (scheme, `www.` and path stripped, an internationalised domain converted to ASCII; resolves to the organization's main page). An object may also carry `name`, which identifies nothing (listed in `skipped`); any other key answers 400 `unknown_field` on `data[i].key`. At most 50 items without an id: every object without `id` counts, name-only ones too. */
            data: (string | {
                domain?: string;
                id?: string;
                name?: string;
                pro_network_id?: number;
                pro_network_url?: string;
            })[];
            /**
             * @description 0-20 live company lists of the workspace to put every saved company in
             * @example [
             *       "lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C"
             *     ]
             */
            list_ids?: string[];
            /**
             * @description accepted and not used
             * @example srch_42
             */
            search_id?: string;
        };
        SavePeopleDto: {
            /**
             * @description 1-25,000 items: a person id string (24 hex), or `{"pro_network_url": "…"}` (at most 50). Malformed items count as `invalid`, unknown ones as `not_matched`; a repeated item counts in `requested` only. Exactly one of `data` and `filters`.
             * @example [
             *       "5e0000000000000000000001",
             *       {
             *         "pro_network_url": "https://pronet.example/in/ana-souza"
             *       }
             *     ]
             */
            data?: (string | {
                pro_network_url: string;
            })[];
            /** @description with `filters`: person ids left out (at most 25,000) */
            exclude_ids?: string[];
            /**
             * @description The people search filter set (POST /v2/people/search, docs/people-search.md): the save takes its first `limit` people in result order.
             * @example {
             *       "person_seniority": {
             *         "include": [
             *           "VP"
             *         ]
             *       },
             *       "contact_details": {
             *         "email": {
             *           "status": [
             *             "valid"
             *           ]
             *         }
             *       }
             *     }
             */
            filters?: components["schemas"]["PeopleFilters"];
            /** @description with `filters`: most people taken, 1-25,000, default 25,000. A whole-list preview (filters hold only `lists` naming exactly one list in `include`, or only `saved` = `any`/`without_list`, and no `exclude_ids`) goes up to 1,000,000 and defaults to it; a save always takes at most 25,000 per request. */
            limit?: number;
            /**
             * @description 0-20 live people lists of the workspace to put every saved person in
             * @example [
             *       "lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C"
             *     ]
             */
            list_ids?: string[];
        };
        SearchPeopleDto: {
            /**
             * @description The people search filter set (every key optional, combined with AND; schema `PeopleFilters`). See docs/people-search.md for how each key matches.
             * @example {
             *       "person_job_title": {
             *         "include": [
             *           "VP Sales"
             *         ],
             *         "match_mode": "CONTAINS"
             *       },
             *       "person_seniority": {
             *         "include": [
             *           "VP",
             *           "Director"
             *         ]
             *       },
             *       "company_country": {
             *         "include": [
             *           "US",
             *           "DE"
             *         ]
             *       },
             *       "company_headcount_range": [
             *         "51-200",
             *         "201-500"
             *       ],
             *       "contact_details": {
             *         "email": {
             *           "status": [
             *             "valid"
             *           ]
             *         }
             *       }
             *     }
             */
            filters?: components["schemas"]["PeopleFilters"];
            /**
             * @description 1-based; page × per_page at most 50,000
             * @default 1
             * @example 1
             */
            page: number;
            /**
             * @default 25
             * @example 25
             */
            per_page: number;
        };
        SuggestDto: {
            /**
             * @description most values answered
             * @default 10
             * @example 5
             */
            limit: number;
            /**
             * @description what the user typed: 1-100 characters after trimming. Case-insensitive, diacritics significant. A value matches when it, or one of its words, starts with the query ("sales" finds "Inside Sales").
             * @example sales
             */
            query: string;
            /**
             * @description which filter the values are for; each value is exactly a string that filter accepts
             * @example person_job_title
             * @enum {string}
             */
            type: "company_keywords" | "person_job_title" | "person_location" | "company_industry" | "company_name";
        };
        UpdateCompanyDto: {
            /**
             * @description the workspace's own name for the company; null removes the edit
             * @example Globex Corporation
             */
            name: string | null;
        };
        UpdatePersonDto: {
            /**
             * @description the workspace's own email for a person it saved (domain stored lower-cased); null removes the edit
             * @example ana.souza@new-mail.example
             */
            email: string | null;
        };
        UpdateWebhookDto: {
            /**
             * @description null clears it
             * @example CRM sync
             */
            description?: Record<string, never> | null;
            /**
             * @description not null; replaces the list, which must hold at least one of the three real event types
             * @example [
             *       "company.saved"
             *     ]
             */
            events?: ("person.saved" | "person.email_found" | "company.saved" | "webhook.test")[];
            /**
             * @description not null; `active` re-enables a disabled webhook (at most 25 active per workspace)
             * @example active
             * @enum {string}
             */
            status?: "active" | "disabled";
            /**
             * @description not null; stored trimmed and normalised like at create
             * @example https://hooks.example.com/prospecting-v2
             */
            url?: string;
        };
        WebhookTestEvent: {
            /** Format: date-time */
            created_at: string;
            data: {
                webhook_id?: string;
            };
            id: string;
            /** @enum {string} */
            type: "webhook.test";
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
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ready for traffic */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** @description Only with DATABASE_REPLICA_URLS (docs/replicas.md): each replica and why it takes no reads; a warning, never a 503 */
                            replicas?: {
                                lag_ms?: number | null;
                                name?: string;
                                refused?: string | null;
                                up?: boolean;
                            }[];
                            /** @enum {string} */
                            status?: "ok";
                        };
                        metadata?: Record<string, never>;
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `UNAVAILABLE`: PostgreSQL or Redis does not answer within 2 s (`payload = {"status":"error","down":["redis"]}`), or the process is stopping (`{"status":"shutting_down","down":[]}`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the event loop turns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** @description Only with DATABASE_REPLICA_URLS (docs/replicas.md): each replica and why it takes no reads; a warning, never a 503 */
                            replicas?: {
                                lag_ms?: number | null;
                                name?: string;
                                refused?: string | null;
                                up?: boolean;
                            }[];
                            /** @enum {string} */
                            status?: "ok";
                        };
                        metadata?: Record<string, never>;
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ready for traffic */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** @description Only with DATABASE_REPLICA_URLS (docs/replicas.md): each replica and why it takes no reads; a warning, never a 503 */
                            replicas?: {
                                lag_ms?: number | null;
                                name?: string;
                                refused?: string | null;
                                up?: boolean;
                            }[];
                            /** @enum {string} */
                            status?: "ok";
                        };
                        metadata?: Record<string, never>;
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `UNAVAILABLE`: PostgreSQL or Redis does not answer within 2 s (`payload = {"status":"error","down":["redis"]}`), or the process is stopping (`{"status":"shutting_down","down":[]}`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    CompaniesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description company id: 24 lowercase hexadecimal characters */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            business_type?: string;
                            description?: string;
                            email?: {
                                domain?: string;
                                provider?: unknown;
                            };
                            employee_count?: number;
                            employee_range?: string;
                            founded?: number;
                            id?: string;
                            industry?: string;
                            keywords?: string[];
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: string;
                                state?: string;
                                state_code?: string;
                            };
                            logo?: string;
                            naics_codes?: number[];
                            name?: string;
                            other_locations?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: unknown;
                                state?: string;
                                state_code?: string;
                            }[];
                            pro_network_url?: string;
                            revenue_stream?: string;
                            saved?: {
                                edits?: {
                                    name?: string;
                                };
                                id?: unknown;
                                list_ids?: string[];
                                /** Format: date-time */
                                saved_at?: string;
                            };
                            social_networks?: {
                                code_host_url?: string;
                                directory_url?: unknown;
                                pinboard_url?: unknown;
                                pro_network_url?: string;
                                social_a_url?: string;
                                social_b_url?: unknown;
                                social_c_url?: unknown;
                                video_a_url?: unknown;
                                video_b_url?: unknown;
                            };
                            technologies?: {
                                categories?: {
                                    id?: string;
                                    name?: string;
                                }[];
                                icon_url?: unknown;
                                id?: string;
                                name?: string;
                                website?: string;
                            }[];
                            /** Format: date-time */
                            technologies_checked_at?: string;
                            type?: string;
                            website?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed id: VALIDATION_ERROR without payload.code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description no such company (NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    CompaniesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCompanyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            business_type?: string;
                            description?: string;
                            email?: {
                                domain?: string;
                                provider?: unknown;
                            };
                            employee_count?: number;
                            employee_range?: string;
                            founded?: number;
                            id?: string;
                            industry?: string;
                            keywords?: string[];
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: string;
                                state?: string;
                                state_code?: string;
                            };
                            logo?: string;
                            naics_codes?: number[];
                            name?: string;
                            other_locations?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                raw_address?: unknown;
                                state?: string;
                                state_code?: string;
                            }[];
                            pro_network_url?: string;
                            revenue_stream?: string;
                            saved?: {
                                edits?: {
                                    name?: string;
                                };
                                id?: unknown;
                                list_ids?: string[];
                                /** Format: date-time */
                                saved_at?: string;
                            };
                            social_networks?: {
                                code_host_url?: string;
                                directory_url?: unknown;
                                pinboard_url?: unknown;
                                pro_network_url?: string;
                                social_a_url?: string;
                                social_b_url?: unknown;
                                social_c_url?: unknown;
                                video_a_url?: unknown;
                                video_b_url?: unknown;
                            };
                            technologies?: {
                                categories?: {
                                    id?: string;
                                    name?: string;
                                }[];
                                icon_url?: unknown;
                                id?: string;
                                name?: string;
                                website?: string;
                            }[];
                            /** Format: date-time */
                            technologies_checked_at?: string;
                            type?: string;
                            website?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed id (no `payload.code`), `name` missing, blank or not a string */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description the workspace has not saved this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    CompaniesController_save: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveCompaniesDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            failed?: unknown[];
                            invalid?: {
                                identifier?: unknown;
                                index?: number;
                                reason?: string;
                                skipped?: string[];
                            }[];
                            not_matched?: {
                                attempted?: string[];
                                identifier?: number;
                                index?: number;
                            }[];
                            saved?: {
                                all_list_ids?: string[];
                                id?: string;
                                identifier?: string;
                                index?: number;
                                list_ids?: string[];
                                matched_by?: string;
                                /** Format: date-time */
                                saved_at?: string;
                            }[];
                        };
                        metadata?: {
                            credits?: unknown;
                            failed_count?: number;
                            invalid_count?: number;
                            not_matched_count?: number;
                            saved_count?: number;
                            /** Format: date-time */
                            timestamp?: string;
                            total?: number;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed body, unknown key at the top or inside an item (`unknown_field` on `data[i].key` + `allowed_fields`), 0 or over 500 items or over 50 without an id (`out_of_range`), an item with two lookup keys (`conflicting_fields`), a `list_ids` entry that is not a live company list of the workspace (`invalid_value`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description over the `enrich` rate limit (only where enforced); wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    CreditsController_balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            balance?: number;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description missing, unknown or deleted key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    CreditsController_transactions: {
        parameters: {
            query?: {
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
                /** @description only rows with this reason */
                reason?: "opening_balance" | "workspace_created" | "credits_set" | "people_save";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description `page` below 1, `per_page` outside 1-100 (`out_of_range`), an unknown `reason` (`invalid_value`), an unknown parameter (`unknown_field`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description missing, unknown or deleted key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    VerificationsController_list: {
        parameters: {
            query?: {
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    VerificationsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEmailVerificationDto"];
            };
        };
        responses: {
            /** @description the job, queued */
            202: {
                headers: {
                    /** @description where to read the job */
                    Location?: string;
                    /** @description seconds to wait before polling again; only while the job is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            completed_at?: unknown;
                            counts?: {
                                accept_all?: number;
                                invalid?: number;
                                unknown?: number;
                                valid?: number;
                            };
                            /** Format: date-time */
                            created_at?: string;
                            failure_reason?: unknown;
                            id?: string;
                            processed?: number;
                            results_expired_at?: unknown;
                            started_at?: unknown;
                            status?: string;
                            total?: number;
                            type?: string;
                        };
                        metadata?: {
                            duplicates?: number;
                            received?: number;
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT: this job's addresses would take the workspace past VERIFICATION_ADDRESSES_PER_DAY in the last 24 hours; `Retry-After` is the whole seconds until enough of the earlier jobs leave the window (`payload`: `limit` "verification_addresses", `quota`, `used`, `requested`, `window_seconds`, `retry_after`). Nothing is created. */
            429: {
                headers: {
                    /** @description seconds until this many addresses fit in the quota again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    VerificationsController_get: {
        parameters: {
            query?: {
                /** @description page of results, 1000 per page */
                page?: number;
            };
            header?: never;
            path: {
                /** @description job id (UUID) returned by POST /v2/email-verifications */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the job and a page of results */
            200: {
                headers: {
                    /** @description seconds to wait before polling again; only while the job is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** Format: date-time */
                            completed_at?: string;
                            counts?: {
                                accept_all?: number;
                                invalid?: number;
                                unknown?: number;
                                valid?: number;
                            };
                            /** Format: date-time */
                            created_at?: string;
                            failure_reason?: unknown;
                            id?: string;
                            processed?: number;
                            results?: {
                                email?: string;
                                status?: string;
                            }[];
                            results_expired_at?: unknown;
                            /** Format: date-time */
                            started_at?: string;
                            status?: string;
                            total?: number;
                            type?: string;
                        };
                        metadata?: {
                            pagination?: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EnumsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: "industries" | "regions" | "seniorities" | "departments" | "employee_ranges" | "countries" | "company_types" | "business_types" | "revenue_streams" | "keywords_sources";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the whole enumeration as one page (reference data is small and not paged: `page` and `per_page` are not taken) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description no enumeration of that name (NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    JobsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description job id (UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the job */
            200: {
                headers: {
                    /** @description seconds to wait before polling again; only while the job is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            completed_at?: unknown;
                            /** Format: date-time */
                            created_at?: string;
                            id?: string;
                            progress?: {
                                percent?: number;
                                processed?: number;
                                total?: number;
                            };
                            /** Format: date-time */
                            started_at?: string;
                            status?: string;
                            type?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ListsController_list: {
        parameters: {
            query?: {
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
                /** @description only lists of this type; every live list when omitted */
                type?: "people" | "company";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description `type` is neither `people` nor `company` (`invalid_value`); `page`/`per_page` out of range; an unknown parameter (`unknown_field`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ListsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateListDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            count?: number;
                            /** Format: date-time */
                            created_at?: string;
                            id?: string;
                            name?: string;
                            type?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description missing or empty `name`, unknown `type`, unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ListsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            deleted?: boolean;
                            id?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed id (no `payload.code`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description no live list with this id in the workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    NotificationsController_list: {
        parameters: {
            query?: {
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleRecordsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description person id: 24 lowercase hexadecimal characters */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            contact_details?: {
                                email?: {
                                    revealed?: boolean;
                                    status?: string;
                                };
                                phone?: {
                                    status?: string;
                                };
                            };
                            first_name?: string;
                            followers?: number;
                            full_name?: string;
                            id?: string;
                            last_name?: string;
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                state?: string;
                                state_code?: string;
                            };
                            primary_position?: {
                                company?: {
                                    business_type?: string;
                                    description?: string;
                                    email?: {
                                        domain?: string;
                                        provider?: unknown;
                                    };
                                    employee_count?: number;
                                    employee_range?: string;
                                    founded?: number;
                                    id?: string;
                                    industry?: string;
                                    keywords?: string[];
                                    location?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: string;
                                        state?: string;
                                        state_code?: string;
                                    };
                                    logo?: string;
                                    naics_codes?: number[];
                                    name?: string;
                                    other_locations?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: unknown;
                                        state?: string;
                                        state_code?: string;
                                    }[];
                                    pro_network_url?: string;
                                    revenue_stream?: string;
                                    saved?: unknown;
                                    social_networks?: {
                                        code_host_url?: string;
                                        directory_url?: unknown;
                                        pinboard_url?: unknown;
                                        pro_network_url?: string;
                                        social_a_url?: string;
                                        social_b_url?: unknown;
                                        social_c_url?: unknown;
                                        video_a_url?: unknown;
                                        video_b_url?: unknown;
                                    };
                                    type?: string;
                                    website?: string;
                                };
                                company_id?: string;
                                departments?: string[];
                                ended_at?: unknown;
                                seniority?: string;
                                started_at?: string;
                                title?: string;
                            };
                            pro_network_url?: string;
                            saved?: {
                                edits?: Record<string, never>;
                                email?: string;
                                email_source?: string;
                                id?: unknown;
                                list_ids?: string[];
                                /** Format: date-time */
                                saved_at?: string;
                            };
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed id: VALIDATION_ERROR without payload.code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description no such person (NOT_FOUND) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleRecordsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePersonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            contact_details?: {
                                email?: {
                                    revealed?: boolean;
                                    status?: string;
                                };
                                phone?: {
                                    status?: string;
                                };
                            };
                            first_name?: string;
                            followers?: number;
                            full_name?: string;
                            id?: string;
                            last_name?: string;
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                state?: string;
                                state_code?: string;
                            };
                            primary_position?: {
                                company?: {
                                    business_type?: string;
                                    description?: string;
                                    email?: {
                                        domain?: string;
                                        provider?: unknown;
                                    };
                                    employee_count?: number;
                                    employee_range?: string;
                                    founded?: number;
                                    id?: string;
                                    industry?: string;
                                    keywords?: string[];
                                    location?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: string;
                                        state?: string;
                                        state_code?: string;
                                    };
                                    logo?: string;
                                    naics_codes?: number[];
                                    name?: string;
                                    other_locations?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: unknown;
                                        state?: string;
                                        state_code?: string;
                                    }[];
                                    pro_network_url?: string;
                                    revenue_stream?: string;
                                    saved?: unknown;
                                    social_networks?: {
                                        code_host_url?: string;
                                        directory_url?: unknown;
                                        pinboard_url?: unknown;
                                        pro_network_url?: string;
                                        social_a_url?: string;
                                        social_b_url?: unknown;
                                        social_c_url?: unknown;
                                        video_a_url?: unknown;
                                        video_b_url?: unknown;
                                    };
                                    type?: string;
                                    website?: string;
                                };
                                company_id?: string;
                                departments?: string[];
                                ended_at?: unknown;
                                seniority?: string;
                                started_at?: string;
                                title?: string;
                            };
                            pro_network_url?: string;
                            saved?: {
                                edits?: {
                                    email?: string;
                                };
                                email?: string;
                                email_source?: string;
                                id?: unknown;
                                list_ids?: string[];
                                /** Format: date-time */
                                saved_at?: string;
                            };
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description malformed id (no `payload.code`); `email` missing or neither a string nor null (`invalid_value`), over 254 characters (`out_of_range`), not a valid address (`invalid_format`); unknown field (`unknown_field`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description the workspace has not saved this person */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleSavesController_calculateCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CalculateCreditsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            credits_available?: number;
                            credits_needed?: number;
                            emails?: {
                                already_owned?: number;
                                edited?: number;
                                to_charge?: number;
                                without_email?: number;
                            };
                            enough_credits?: boolean;
                            invalid?: number;
                            not_matched?: number;
                            requested?: number;
                            savable?: number;
                            truncated?: boolean;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR with `payload.field` and `payload.code`: `conflicting_fields` (neither or both of `data` and `filters`; `limit` or `exclude_ids` with `data`), `out_of_range` (0 or more than 25,000 items, more than 50 URL items, `limit` outside its range), `invalid_format` (`exclude_ids`), and every filter mistake of POST /v2/people/search */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description over the `search` rate limit (only where enforced); wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SEARCH_TIMEOUT: the filters selection ran past SEARCH_STATEMENT_TIMEOUT */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleExportsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePeopleExportDto"];
            };
        };
        responses: {
            /** @description the export, queued */
            202: {
                headers: {
                    /** @description where to read the export */
                    Location?: string;
                    /** @description seconds to wait before polling again; only while the export is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            completed_at?: unknown;
                            /** Format: date-time */
                            created_at?: string;
                            download_url?: unknown;
                            expired_at?: unknown;
                            failure_reason?: unknown;
                            id?: string;
                            processed?: number;
                            progress?: {
                                percent?: number;
                                processed?: number;
                                total?: number;
                            };
                            skipped?: number;
                            started_at?: unknown;
                            status?: string;
                            total?: number;
                            type?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR with `payload.field` and `payload.code`: `conflicting_fields` (neither or both of `ids` and `filters`; `limit` or `exclude_ids` with `ids`), `out_of_range` (0 or more than 25,000 ids, `limit` outside 1-25,000), `invalid_format` (`ids[i]`, `exclude_ids[i]`), `invalid_value` (`filters.lists.saved` = `none`), `unknown_field`, and every filter mistake of POST /v2/people/search */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMIT: the workspace asked for EXPORTS_PER_DAY exports in the last 24 hours; `Retry-After` is the whole seconds until the oldest of them leaves the window (`payload`: `limit` "exports", `quota`, `used`, `requested`, `window_seconds`, `retry_after`). Nothing is created. */
            429: {
                headers: {
                    /** @description seconds until an export fits in the quota again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SEARCH_TIMEOUT: the filters selection ran past SEARCH_STATEMENT_TIMEOUT */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleExportsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description export id (UUID) returned by POST /v2/people/export */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the export */
            200: {
                headers: {
                    /** @description seconds to wait before polling again; only while the export is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** Format: date-time */
                            completed_at?: string;
                            /** Format: date-time */
                            created_at?: string;
                            download_url?: string;
                            expired_at?: unknown;
                            failure_reason?: unknown;
                            id?: string;
                            processed?: number;
                            progress?: {
                                percent?: number;
                                processed?: number;
                                total?: number;
                            };
                            skipped?: number;
                            /** Format: date-time */
                            started_at?: string;
                            status?: string;
                            total?: number;
                            type?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no export of this workspace has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleExportsController_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description export id (UUID) returned by POST /v2/people/export */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the CSV file */
            200: {
                headers: {
                    /** @description attachment; filename="people-export-<id>.csv" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: no export of this workspace has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_READY: the export is queued or running (`Retry-After` tells when to try again) or failed (no `Retry-After`) */
            409: {
                headers: {
                    /** @description seconds to wait before polling again; only while the export is queued or running */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description GONE: the export completed, but maintenance deleted its file after EXPORT_RETENTION (`payload.expired_at`); ask for a new export */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleListsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemoveFromListDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            removed?: number;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR: `list_id` missing, not a string or not a live people list of the workspace (a company list, a deleted, unknown or another workspace's list: `invalid_value` on `list_id`); `ids` not an array (`invalid_value`), empty or over 500 (`out_of_range`), an item that is not a string (`invalid_value` on `ids[i]`), no well-formed person id at all (`invalid_format` on `ids`); unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleSavesController_save: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavePeopleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            failed?: unknown[];
                            invalid?: unknown[];
                            not_matched?: {
                                attempted?: string[];
                                identifier?: string;
                                index?: number;
                            }[];
                            saved?: {
                                all_list_ids?: string[];
                                email?: {
                                    address?: string;
                                    bucket?: string;
                                    charged?: boolean;
                                };
                                id?: string;
                                identifier?: string;
                                index?: number;
                                list_ids?: string[];
                                matched_by?: string;
                                /** Format: date-time */
                                saved_at?: string;
                            }[];
                        };
                        metadata?: {
                            credits?: {
                                balance?: number;
                                charged?: number;
                            };
                            emails?: {
                                already_owned?: number;
                                edited?: number;
                                to_charge?: number;
                                without_email?: number;
                            };
                            failed_count?: number;
                            invalid_count?: number;
                            not_matched_count?: number;
                            saved_count?: number;
                            /** Format: date-time */
                            timestamp?: string;
                            total?: number;
                            truncated?: boolean;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR with `payload.field` and `payload.code`: `conflicting_fields` (neither or both of `data` and `filters`; `limit` or `exclude_ids` with `data`), `out_of_range` (0 or more than 25,000 items, more than 50 URL items, `limit` outside its range), `invalid_format` (`exclude_ids`), and every filter mistake of POST /v2/people/search; `invalid_value` on `list_ids` for anything that is not a live people list of the workspace */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description over the `search` rate limit (only where enforced); nothing is saved or charged */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PeopleController_search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchPeopleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            contact_details?: {
                                email?: {
                                    revealed?: boolean;
                                    status?: string;
                                };
                                phone?: {
                                    status?: string;
                                };
                            };
                            first_name?: string;
                            followers?: number;
                            full_name?: string;
                            id?: string;
                            last_name?: string;
                            location?: {
                                city?: string;
                                country?: string;
                                country_code?: string;
                                state?: string;
                                state_code?: string;
                            };
                            primary_position?: {
                                company?: {
                                    business_type?: string;
                                    description?: string;
                                    email?: {
                                        domain?: string;
                                        provider?: unknown;
                                    };
                                    employee_count?: number;
                                    employee_range?: string;
                                    founded?: number;
                                    id?: string;
                                    industry?: string;
                                    keywords?: string[];
                                    location?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: string;
                                        state?: string;
                                        state_code?: string;
                                    };
                                    logo?: string;
                                    naics_codes?: number[];
                                    name?: string;
                                    other_locations?: {
                                        city?: string;
                                        country?: string;
                                        country_code?: string;
                                        raw_address?: unknown;
                                        state?: string;
                                        state_code?: string;
                                    }[];
                                    pro_network_url?: string;
                                    revenue_stream?: string;
                                    saved?: unknown;
                                    social_networks?: {
                                        code_host_url?: string;
                                        directory_url?: unknown;
                                        pinboard_url?: unknown;
                                        pro_network_url?: string;
                                        social_a_url?: string;
                                        social_b_url?: unknown;
                                        social_c_url?: unknown;
                                        video_a_url?: unknown;
                                        video_b_url?: unknown;
                                    };
                                    type?: string;
                                    website?: string;
                                };
                                company_id?: string;
                                departments?: string[];
                                ended_at?: unknown;
                                seniority?: string;
                                started_at?: string;
                                title?: string;
                            };
                            pro_network_url?: string;
                        }[];
                        metadata?: {
                            pagination?: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR with `payload.field` (dotted path such as `filters.person_job_title.include[3]`) and `payload.code`: `unknown_field`, `invalid_value` (wrong type, unknown enum value, unresolvable list or location), `invalid_format` (ids, domains, dates, boolean syntax with `payload.position`), `out_of_range` (sizes, lengths, numbers, max below min, paging), `conflicting_fields` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description over the `search` rate limit (only where enforced); wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description SEARCH_TIMEOUT: the search ran past SEARCH_STATEMENT_TIMEOUT; narrow the filters */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    SuggestController_suggest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SuggestDto"];
            };
        };
        responses: {
            /** @description the best values, best first (company_name items also carry `id` and `website`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            count: number;
                            /** @description company_name only */
                            id?: string;
                            value: string;
                            /** @description company_name only */
                            website?: string | null;
                        }[];
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        /** @example true */
                        success?: boolean;
                    };
                };
            };
            /** @description VALIDATION_ERROR with `payload.field` and `payload.code`: `unknown_field` (with `allowed_fields`), `invalid_value` (`type` not one of the five, `query` not a string, `limit` not an integer), `out_of_range` (`query` empty or over 100 characters after trimming, `limit` outside 1-50) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_list: {
        parameters: {
            query?: {
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
                /** @description only webhooks in this status; every webhook when omitted */
                status?: "active" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** Format: date-time */
                            created_at?: string;
                            description?: string;
                            disabled_reason?: unknown;
                            events?: string[];
                            id?: string;
                            secret?: string;
                            status?: string;
                            /** Format: date-time */
                            updated_at?: string;
                            url?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** Format: date-time */
                            created_at?: string;
                            description?: string;
                            disabled_reason?: unknown;
                            events?: string[];
                            id?: string;
                            status?: string;
                            /** Format: date-time */
                            updated_at?: string;
                            url?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            deleted?: boolean;
                            id?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            /** Format: date-time */
                            created_at?: string;
                            description?: string;
                            disabled_reason?: unknown;
                            events?: string[];
                            id?: string;
                            status?: string;
                            /** Format: date-time */
                            updated_at?: string;
                            url?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_listDeliveries: {
        parameters: {
            query?: {
                /** @description Only the attempts of this event */
                event_id?: string;
                /** @description 1-based page */
                page?: number;
                /** @description items per page */
                per_page?: number;
                status?: "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of items (the list convention: `data` is the array, `metadata.pagination` the paging) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: Record<string, never>[];
                        metadata: {
                            pagination: components["schemas"]["PaginationSchema"];
                            /** Format: date-time */
                            timestamp: string;
                        };
                        /** @example true */
                        success: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            event_id?: string;
                            /** Format: date-time */
                            next_attempt_at?: string;
                            state?: string;
                            webhook_id?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_recover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverWebhookDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            recovered?: number;
                            /** Format: date-time */
                            since?: string;
                            webhook_id?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateSecretDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            id?: string;
                            /** Format: date-time */
                            previous_secret_expires_at?: string;
                            secret?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WebhooksController_sendTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1-255 printable ASCII characters, unique per operation (a UUID). Within 24 hours, the same key with the same body answers the first answer again with `Idempotent-Replayed: true` and does nothing; with another body it answers 400 (`conflicting_fields`); while the first request runs, 409 CONFLICT. See docs/idempotency.md. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            event_id?: string;
                            type?: string;
                            webhook_id?: string;
                            webhook_status?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description UNAUTHORIZED: the `x-api-key` header is missing, unknown or revoked (every operation but the `/health` probes) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description the webhook is disabled (409 `CONFLICT`, `payload.webhook_status` and `payload.disabled_reason`): re-enable it first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    WorkspaceController_current: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the workspace of the key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data?: {
                            api_key_id?: string;
                            credits?: number;
                            id?: string;
                            member?: {
                                id?: string;
                                name?: string;
                                role?: string;
                            };
                            name?: string;
                        };
                        metadata?: {
                            /** Format: date-time */
                            timestamp?: string;
                        };
                        success?: boolean;
                    };
                };
            };
            /** @description missing, unknown or deleted key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description METHOD_NOT_ALLOWED: the path does not serve this method; the `Allow` header (and `payload.allow`) lists those it does */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over the operation's limit once decompressed (gzip, deflate and br bodies are accepted): 4 MB for people search, preview, save and export and for email verifications, 2 MB for company save, a few KB elsewhere (docs/api.md#request-bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body whose Content-Type is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAVAILABLE: PostgreSQL or Redis is down or past its time limits, or the request ran past REQUEST_TIMEOUT; retry after the `Retry-After` header (docs/operations.md "When PostgreSQL or Redis is down") */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
