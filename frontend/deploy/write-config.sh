#!/bin/sh
# Tells the console where the API is (API_URL without /graphql).
set -eu
printf '{"apiUrl": "%s/graphql"}\n' "${API_URL%/}" > /usr/share/nginx/html/config.json
