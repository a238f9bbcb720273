#!/bin/bash
# The image's HEALTHCHECK: GET /healthz on the port the server listens on; healthy on 200.
# bash's /dev/tcp does the request, so the image needs no HTTP client.
set -u
port="${SUPERTEXT_PORT:-8080}"
if ! exec 3<>"/dev/tcp/127.0.0.1/$port"; then
    echo "unhealthy: nothing listens on port $port"
    exit 1
fi
printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
status_line=""
read -r -t 5 status_line <&3
case "$status_line" in
    "HTTP/1.1 200"*) exit 0 ;;
    *) echo "unhealthy: ${status_line:-no answer}"; exit 1 ;;
esac
