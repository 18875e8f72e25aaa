#!/bin/sh
# Restart the Thirteen Water processes that run but do not answer (run by
# thirteen-water-health.timer every 15 s; systemd itself restarts those that exit).
#
# A web process is restarted only when /healthz/ does not answer at all within 5 s: a 503
# means it runs but the database or Redis is down, which a restart would not mend (nginx
# takes it out of rotation meanwhile). The worker is restarted when it does not answer a
# Celery ping; not while Redis is down, for the same reason.
set -u
APP=/srv/thirteen-water
HOST=$(printf '%s' "${ALLOWED_HOSTS:-localhost}" | cut -d, -f1)

for port in ${WEB_PORTS:-8001}; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -H "Host: $HOST" \
        "http://127.0.0.1:$port/healthz/")
    if [ "$code" = "000" ]; then
        echo "web on port $port does not answer: restarting it"
        systemctl restart "thirteen-water-web@$port.service"
    fi
done

if redis-cli -u "${REDIS_URL}" ping >/dev/null 2>&1; then
    if ! "$APP/.venv/bin/celery" -A config --workdir "$APP" inspect ping \
            --destination "timers@$(hostname)" --timeout 5 >/dev/null 2>&1; then
        echo "timer worker does not answer a ping: restarting it"
        systemctl restart thirteen-water-worker.service
    fi
fi
