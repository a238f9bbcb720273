import Logging
import PostgresNIO

extension PostgresStore {
    /// The schema, one migration per change, under the names of the SQLite store's migrations
    /// (`AppDatabase.migrator`) so that both say which changes they hold. Shipped migrations are
    /// never edited: a change is a new migration, in both stores.
    ///
    /// The first creates the schema as the SQLite store has it after all of its migrations,
    /// adapted to PostgreSQL; the later ones changed how SQLite lays out its pages and have
    /// nothing to do here.
    static let migrations: [(name: String, sql: [String])] = [
        ("Create checks, mistakes and personal words", [
            // Accents are ignored by searches, as FTS5's `remove_diacritics` does: the `simple`
            // configuration (no stemming, no stop words, like FTS5's unicode61) after `unaccent`.
            "CREATE EXTENSION IF NOT EXISTS unaccent",
            "CREATE TEXT SEARCH CONFIGURATION supertext_search (COPY = pg_catalog.simple)",
            "ALTER TEXT SEARCH CONFIGURATION supertext_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple",
            // Ids are never given twice (a sequence), and are given in the order of commits
            // (the commit lock): see `insert`.
            "CREATE SEQUENCE check_id",
            """
            CREATE TABLE "check" (
                id bigint PRIMARY KEY,
                "createdAt" timestamptz NOT NULL,
                "languageCode" text NOT NULL,
                "languageName" text NOT NULL,
                "languageDetected" boolean NOT NULL,
                "languageConfidence" double precision NOT NULL,
                text text NOT NULL,
                "correctedText" text NOT NULL,
                matches text NOT NULL,
                "matchCount" integer NOT NULL,
                characters integer NOT NULL,
                words integer NOT NULL,
                milliseconds double precision NOT NULL,
                search tsvector GENERATED ALWAYS AS (to_tsvector('supertext_search'::regconfig, text)) STORED)
            """,
            #"CREATE INDEX check_search ON "check" USING gin (search)"#,
            // Retention by age and the insights of recent days find checks by date.
            #"CREATE INDEX check_createdAt ON "check" ("createdAt")"#,
            """
            CREATE TABLE mistake (
                "checkId" bigint NOT NULL REFERENCES "check"(id) ON DELETE CASCADE,
                position integer NOT NULL,
                word text NOT NULL,
                correction text,
                category text NOT NULL,
                kind text NOT NULL,
                PRIMARY KEY ("checkId", position))
            """,
            """
            CREATE TABLE "personalWord" (
                id bigserial PRIMARY KEY,
                word text NOT NULL,
                language text NOT NULL DEFAULT '',
                "createdAt" timestamptz NOT NULL,
                UNIQUE (word, language))
            """,
        ]),
        ("Index checked texts for search after saving", []),
        ("Track search indexing by the last indexed check", []),
        ("Drop the unused indexes of mistakes", []),
        ("Drop the language index of checks", []),
        ("Store mistakes by check and position", []),
        ("Drop the date index of checks", []),
        ("Number checks without sqlite_sequence", []),
        ("Merge the search index in larger steps", []),
        ("Add mistakes after saving", []),
        ("Keep the rules turned off", [
            """
            CREATE TABLE "disabledRule" (
                id text PRIMARY KEY,
                "disabledAt" timestamptz NOT NULL)
            """,
        ]),
        ("Keep each user's data apart", [
            """
            CREATE TABLE "user" (
                id bigserial PRIMARY KEY,
                name text NOT NULL UNIQUE,
                "isAdmin" boolean NOT NULL,
                "createdAt" timestamptz NOT NULL)
            """,
            """
            CREATE TABLE "apiKey" (
                id text PRIMARY KEY,
                "userId" bigint NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
                hash bytea NOT NULL UNIQUE,
                "createdAt" timestamptz NOT NULL,
                "lastUsedAt" timestamptz)
            """,
            #"CREATE INDEX "apiKey_byUser" ON "apiKey" ("userId")"#,
            #"CREATE TABLE "accountsRevision" (id integer PRIMARY KEY CHECK (id = 1), revision bigint NOT NULL)"#,
            #"INSERT INTO "accountsRevision" (id, revision) VALUES (1, 0)"#,
            #"ALTER TABLE "check" ADD COLUMN owner bigint NOT NULL DEFAULT 0"#,
            #"CREATE INDEX "check_byOwner" ON "check" (owner, id)"#,
            #"ALTER TABLE "personalWord" ADD COLUMN owner bigint NOT NULL DEFAULT 0"#,
            #"ALTER TABLE "personalWord" DROP CONSTRAINT "personalWord_word_language_key""#,
            #"ALTER TABLE "personalWord" ADD UNIQUE (owner, word, language)"#,
            #"ALTER TABLE "disabledRule" ADD COLUMN owner bigint NOT NULL DEFAULT 0"#,
            #"ALTER TABLE "disabledRule" DROP CONSTRAINT "disabledRule_pkey""#,
            #"ALTER TABLE "disabledRule" ADD PRIMARY KEY (owner, id)"#,
            #"CREATE TABLE "teamRuleFile" (name text PRIMARY KEY, text text NOT NULL, "updatedAt" timestamptz NOT NULL)"#,
        ]),
    ]

    /// Applies the migrations not applied yet, in one transaction under an advisory lock, so
    /// that servers starting together migrate once.
    func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.lockSpace), \(Self.migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier text NOT NULL PRIMARY KEY)", logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT identifier FROM grdb_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            for migration in Self.migrations where !applied.contains(migration.name) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO grdb_migrations (identifier) VALUES (\(migration.name))", logger: logger)
                logger.info("database migrated: \(migration.name)")
            }
        }
    }
}
