#!/bin/sh
# Creates the database cluster on the first start (an empty data volume), then runs PostgreSQL in
# the foreground. Connections from other containers need the password (scram-sha-256).
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres-entrypoint: set POSTGRES_PASSWORD" >&2
    exit 1
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    password_file="$(mktemp)"
    printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
    initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$password_file"
    printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
    printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
        pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
        createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
        pg_ctl -w -m fast stop >/dev/null
    fi
    echo "postgres-entrypoint: created the database $POSTGRES_DB for $POSTGRES_USER"
fi
exec postgres
