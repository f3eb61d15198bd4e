#!/usr/bin/env bash
# Debian's Chromium (and fonts for the pages' Chinese and Latin texts) for the end-to-end tests.
# Browser downloads (npx playwright install) do not work on our machines, so playwright-core
# drives /usr/bin/chromium from Debian's `chromium` package.
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-packages.sh" ensure-chromium /usr/bin/chromium \
  chromium fonts-noto-cjk fonts-liberation
