# PostgreSQL 15 for `docker compose --profile cluster up`, from Debian's own package on the same
# base as the service image, so the cluster builds from one base image with no other registry.
# It reads the same variables as the official postgres image (POSTGRES_USER, POSTGRES_PASSWORD,
# POSTGRES_DB), which may replace it.
ARG RUNTIME_IMAGE=debian:bookworm-slim
FROM ${RUNTIME_IMAGE}
# postgresql-15 carries the contrib modules, unaccent among them, which history search uses.
# Debian's default cluster is not made: the entrypoint makes one in the data volume. The user is
# made first with the official image's fixed ids (999), so that a volume's owner stays the same.
# hadolint ignore=DL3008
RUN groupadd --system --gid 999 postgres \
    && useradd --system --uid 999 --gid 999 --home-dir /var/lib/postgresql --shell /bin/sh postgres \
    && mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/supertext.conf \
    && apt-get update \
    && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data \
    && install -d -o postgres -g postgres -m 2775 /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
USER 999:999
STOPSIGNAL SIGINT
HEALTHCHECK --interval=2s --timeout=5s --retries=30 CMD ["pg_isready", "-q", "-h", "127.0.0.1"]
ENTRYPOINT ["postgres-entrypoint"]
