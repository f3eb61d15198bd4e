#!/usr/bin/env bash
# Debian's nginx for the fleet (scripts/fleet): the proxy in front of the instances. The package's
# own service is not started; the fleet runs nginx with a configuration of its own on its own port.
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-packages.sh" ensure-nginx /usr/sbin/nginx nginx
