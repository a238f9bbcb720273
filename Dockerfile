# SuperText in one small image: `docker build -t supertext .` (see docs/docker.md).
# Needs BuildKit: the default since Docker 23 (with Docker 20.10, set DOCKER_BUILDKIT=1).
#
# Build arguments:
#   SWIFT_IMAGE          the official Swift image that compiles it (Debian 12 based)
#   RUNTIME_IMAGE        the Debian 12 image the C libraries and dictionaries are taken from
#   EXTRA_DICTIONARIES   more Debian hunspell-* packages, space-separated (hunspell-it hunspell-pt-br)
#
# The image itself starts from scratch: the binary, the C libraries it links (with the loader),
# the dictionaries, the web page and the word frequency lists, and nothing else (no shell, no
# package manager): `supertext healthcheck` is its HEALTHCHECK.
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- Build: a release binary with the Swift standard library and Foundation linked statically.
FROM ${SWIFT_IMAGE} AS build

# Versions are not pinned: Debian's security updates replace them within bookworm.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libhunspell-dev libsqlite3-dev zlib1g-dev libjemalloc-dev pkg-config \
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

# ---- Files: from Debian, the C libraries the binary links and the dictionaries, gathered in /rootfs.
FROM ${RUNTIME_IMAGE} AS files

ARG DICTIONARIES="hunspell-en-us hunspell-en-gb hunspell-fr hunspell-de-de hunspell-es"
ARG EXTRA_DICTIONARIES=""

COPY --from=build /staging/supertext /rootfs/usr/local/bin/supertext

# Versions are not pinned: Debian's security updates replace them within bookworm.
# ldd names the libraries (and the loader) the binary needs; they are copied under the paths it
# names, links resolved. The dictionaries keep their links (es_AR -> es_ES: one language with
# aliases, loaded once); a link out of the folder is replaced by its file. Of pocketsphinx-en-us,
# only the English trigram model (confused words) and pronouncing dictionary (a or an) are kept,
# not its speech models. The CA certificates
# are for a PostgreSQL URL with sslmode=require or prefer. Last, the binary starts in /rootfs
# alone, so that a missing library fails the build rather than the first start (Swift reads its
# arguments from /proc, which the chroot lacks: it prints its help, which is enough for that).
# hadolint ignore=DL3008
RUN for package in ${DICTIONARIES} ${EXTRA_DICTIONARIES}; do \
        case "$package" in \
            hunspell-*) ;; \
            *) echo "Not a Debian hunspell-* dictionary package: $package" >&2; exit 1 ;; \
        esac; \
    done \
    && apt-get update \
    && apt-get install -y --no-install-recommends libhunspell-1.7-0 libsqlite3-0 libjemalloc2 ca-certificates pocketsphinx-en-us ${DICTIONARIES} ${EXTRA_DICTIONARIES} \
    && rm -rf /var/lib/apt/lists/* \
    && ldd /rootfs/usr/local/bin/supertext >/tmp/ldd && cat /tmp/ldd \
    && if grep -q 'not found' /tmp/ldd; then echo "A library the binary links is missing" >&2; exit 1; fi \
    && sed -n -e 's|.*=> \(/[^ ]*\) .*|\1|p' -e 's|^[[:space:]]*\(/[^ ]*\) .*|\1|p' /tmp/ldd >/tmp/libraries \
    && while read -r library; do \
        mkdir -p "/rootfs$(dirname "$library")" && cp -L "$library" "/rootfs$library" || exit 1; \
    done </tmp/libraries \
    && mkdir -p /rootfs/usr/share/hunspell /rootfs/etc/ssl/certs /rootfs/data/cache /rootfs/tmp \
    && cp -a /usr/share/hunspell/. /rootfs/usr/share/hunspell/ \
    && find /rootfs/usr/share/hunspell -type l -lname '*/*' -exec sh -c \
        'for link; do cp --remove-destination -L "/usr/share/hunspell/${link##*/}" "$link" || exit 1; done' sh {} + \
    && mkdir -p /rootfs/usr/share/pocketsphinx/model/en-us \
    && cp /usr/share/pocketsphinx/model/en-us/en-us.lm.bin /usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict \
        /rootfs/usr/share/pocketsphinx/model/en-us/ \
    && cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/ \
    && printf 'root:x:0:0:root:/root:/sbin/nologin\nsupertext:x:10001:10001:SuperText:/data:/sbin/nologin\n' >/rootfs/etc/passwd \
    && printf 'root:x:0:\nsupertext:x:10001:\n' >/rootfs/etc/group \
    && printf 'passwd: files\ngroup: files\nhosts: files dns\n' >/rootfs/etc/nsswitch.conf \
    && chmod 1777 /rootfs/tmp \
    && chown -R 10001:10001 /rootfs/data \
    && chroot /rootfs /usr/local/bin/supertext >/dev/null

# ---- Run: nothing but what the service reads.
FROM scratch

COPY --from=files /rootfs/ /
# The web front end and the word frequency lists are found relative to the working directory.
WORKDIR /opt/supertext
COPY public ./public
COPY Dictionaries ./Dictionaries

ENV PATH=/usr/local/bin \
    SUPERTEXT_HOST=0.0.0.0 \
    SUPERTEXT_PORT=8080 \
    SUPERTEXT_DATABASE=/data/supertext.sqlite \
    SUPERTEXT_CACHE_DIR=/data/cache \
    SUPERTEXT_PUBLIC_DIR=/opt/supertext/public

VOLUME ["/data"]
EXPOSE 8080
USER 10001:10001

# The first start on a new volume builds the suggestion indexes into /data/cache (a minute or
# more); later starts read them back in a second. Failed checks within the start period do not
# count. `supertext healthcheck` asks /healthz on SUPERTEXT_HOST and SUPERTEXT_PORT.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10m --retries=3 CMD ["supertext", "healthcheck"]

# The server itself is process 1 and stops gracefully on SIGTERM (docker stop).
ENTRYPOINT ["supertext"]
CMD ["serve"]
