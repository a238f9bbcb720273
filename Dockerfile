# SuperText in one small image: `docker build -t supertext .` (see docs/docker.md).
# Needs BuildKit: the default since Docker 23 (with Docker 20.10, set DOCKER_BUILDKIT=1).
#
# Build arguments:
#   SWIFT_IMAGE          the official Swift image that compiles it (Debian 12 based)
#   RUNTIME_IMAGE        the image it runs on
#   EXTRA_DICTIONARIES   more Debian hunspell-* packages, space-separated (hunspell-it hunspell-pt-br)
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- Build: a release binary with the Swift standard library and Foundation linked statically.
FROM ${SWIFT_IMAGE} AS build

# Versions are not pinned: Debian's security updates replace them within bookworm.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libhunspell-dev libsqlite3-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Dependencies first, so that changing a source file does not fetch them again. The build
# folder is a BuildKit cache kept between builds: a rebuild compiles only what changed.
COPY Package.swift ./
RUN --mount=type=cache,id=supertext-swift-build,sharing=locked,target=/build/.build \
    swift package resolve

COPY Sources ./Sources
COPY Tests ./Tests
RUN --mount=type=cache,id=supertext-swift-build,sharing=locked,target=/build/.build \
    swift build -c release --static-swift-stdlib --product supertext \
    && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/supertext" /staging/supertext \
    && strip /staging/supertext

# ---- Run: Debian slim with the C libraries the binary links and the dictionaries.
FROM ${RUNTIME_IMAGE}

ARG DICTIONARIES="hunspell-en-us hunspell-en-gb hunspell-fr hunspell-de-de hunspell-es"
ARG EXTRA_DICTIONARIES=""

# Versions are not pinned: Debian's security updates replace them within bookworm.
# hadolint ignore=DL3008
RUN for package in ${DICTIONARIES} ${EXTRA_DICTIONARIES}; do \
        case "$package" in \
            hunspell-*) ;; \
            *) echo "Not a Debian hunspell-* dictionary package: $package" >&2; exit 1 ;; \
        esac; \
    done \
    && apt-get update \
    && apt-get install -y --no-install-recommends libhunspell-1.7-0 libsqlite3-0 ${DICTIONARIES} ${EXTRA_DICTIONARIES} \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 supertext \
    && useradd --system --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin supertext \
    && mkdir -p /data/cache \
    && chown -R supertext:supertext /data

COPY --from=build /staging/supertext /usr/local/bin/supertext
COPY docker/healthcheck.sh /usr/local/bin/supertext-healthcheck
# The web front end and the word frequency lists are found relative to the working directory.
WORKDIR /opt/supertext
COPY public ./public
COPY Dictionaries ./Dictionaries

ENV SUPERTEXT_HOST=0.0.0.0 \
    SUPERTEXT_PORT=8080 \
    SUPERTEXT_DATABASE=/data/supertext.sqlite \
    SUPERTEXT_CACHE_DIR=/data/cache \
    SUPERTEXT_PUBLIC_DIR=/opt/supertext/public

VOLUME ["/data"]
EXPOSE 8080
USER 10001:10001

# The first start on a new volume builds the suggestion indexes into /data/cache (a minute or
# more); later starts read them back in a second. Failed checks within the start period do not count.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10m --retries=3 CMD ["supertext-healthcheck"]

# The server itself is process 1 and stops gracefully on SIGTERM (docker stop).
ENTRYPOINT ["supertext"]
CMD ["serve"]
