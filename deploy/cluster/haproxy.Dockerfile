# HAProxy 2.6 for `docker compose --profile cluster up`, from Debian's own package on the same
# base as the service image.
ARG RUNTIME_IMAGE=debian:bookworm-slim
FROM ${RUNTIME_IMAGE}
# The user is made first with fixed system ids, so that they are the same in every build.
# hadolint ignore=DL3008
RUN groupadd --system --gid 998 haproxy \
    && useradd --system --uid 998 --gid 998 --home-dir /var/lib/haproxy --no-create-home --shell /usr/sbin/nologin haproxy \
    && apt-get update \
    && apt-get install -y --no-install-recommends haproxy \
    && rm -rf /var/lib/apt/lists/*
COPY haproxy.cfg /etc/haproxy/haproxy.cfg
EXPOSE 8080
USER 998:998
STOPSIGNAL SIGUSR1
ENTRYPOINT ["haproxy", "-W", "-db", "-f", "/etc/haproxy/haproxy.cfg"]
