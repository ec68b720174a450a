{{/*
Helpers shared by every template: names, labels, images, the checks of the values, and the pieces
of pod specs that the three services and the migrations Job have in common.
*/}}

{{/* The three gRPC services: values key -> binary. */}}
{{- define "mailrun.components" -}}
game: mailrun-game
lobby: mailrun-lobby
notify: mailrun-notify
{{- end }}

{{- define "mailrun.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
<release>-mailrun, or <release> when the release name already contains "mailrun"; cut to 41
characters so that every name made from it (the longest: "-notify-headless") fits in 63.
*/}}
{{- define "mailrun.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 41 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 41 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{/* Labels of every object; call with (dict "root" $ "component" "game"). */}}
{{- define "mailrun.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: mailrun
{{ include "mailrun.selectorLabels" . }}
{{- end }}

{{/* Labels that select one component's pods; call with (dict "root" $ "component" "game"). */}}
{{- define "mailrun.selectorLabels" -}}
app.kubernetes.io/name: {{ include "mailrun.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* Labels shared by all pods of the release (the default-deny NetworkPolicy selects them). */}}
{{- define "mailrun.releaseLabels" -}}
app.kubernetes.io/name: {{ include "mailrun.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "mailrun.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "mailrun.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* A service image; call with (dict "root" $ "repository" "mailrun/game"). */}}
{{- define "mailrun.image" -}}
{{- printf "%s%s:%s" .root.Values.image.registry .repository (default .root.Chart.AppVersion .root.Values.image.tag) }}
{{- end }}

{{/* Host names: the headless Service of a component, resolving to every ready pod. */}}
{{- define "mailrun.headlessHost" -}}
{{- printf "%s-%s-headless.%s.svc" (include "mailrun.fullname" .root) .component .root.Release.Namespace }}
{{- end }}

{{/* Fails with a message naming the value to set when the values cannot work. */}}
{{- define "mailrun.checkValues" -}}
{{- if not .Values.secrets.existingSecret }}
{{- fail "secrets.existingSecret is required: create a Secret holding the database and Redis passwords and the token keys (see the chart's README.md) and name it here" }}
{{- end }}
{{- if and .Values.postgresql.enabled .Values.externalDatabase.host }}
{{- fail "set either postgresql.enabled=true (in-chart PostgreSQL) or externalDatabase.host, not both" }}
{{- end }}
{{- if not (or .Values.postgresql.enabled .Values.externalDatabase.host) }}
{{- fail "no database: set postgresql.enabled=true (in-chart, for trying out) or externalDatabase.host (production)" }}
{{- end }}
{{- if and .Values.redis.enabled .Values.externalRedis.host }}
{{- fail "set either redis.enabled=true (in-chart Redis) or externalRedis.host, not both" }}
{{- end }}
{{- if and (not .Values.postgresql.enabled) (hasPrefix "verify-" .Values.externalDatabase.sslMode) (not .Values.externalDatabase.caConfigMap) }}
{{- fail (printf "externalDatabase.sslMode=%s needs externalDatabase.caConfigMap: a ConfigMap whose key ca.crt holds the database server's CA certificate" .Values.externalDatabase.sslMode) }}
{{- end }}
{{- if not (or .Values.redis.enabled .Values.externalRedis.host .Values.externalRedis.sentinel.hosts) }}
{{- fail "no Redis: set redis.enabled=true (in-chart, for trying out) or externalRedis.host (production; or externalRedis.sentinel.hosts for Redis under Sentinel)" }}
{{- end }}
{{- if and .Values.gateway.ingress.enabled (not .Values.gateway.ingress.host) }}
{{- fail "gateway.ingress.enabled=true needs gateway.ingress.host: the host name clients use" }}
{{- end }}
{{- if and (or .Values.metrics.serviceMonitor.enabled .Values.metrics.prometheusRule.enabled .Values.metrics.grafanaDashboard.enabled) (not .Values.metrics.enabled) }}
{{- fail "metrics.serviceMonitor, metrics.prometheusRule and metrics.grafanaDashboard need metrics.enabled=true" }}
{{- end }}
{{- range $component, $binary := include "mailrun.components" . | fromYaml }}
{{- with (index $.Values $component).autoscaling.podsMetric }}
{{- if and .name (not .averageValue) }}
{{- fail (printf "%s.autoscaling.podsMetric.name is set: set %s.autoscaling.podsMetric.averageValue too (the per-pod target)" $component $component) }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}

{{- define "mailrun.databaseHost" -}}
{{- if .Values.postgresql.enabled }}
{{- printf "%s-postgresql.%s.svc" (include "mailrun.fullname" .) .Release.Namespace }}
{{- else }}
{{- .Values.externalDatabase.host }}
{{- end }}
{{- end }}

{{/*
The libpq URI, without a password: libpq takes it from PGPASSWORD (set from the Secret), so the
password is in no pod spec, command line or URL.
*/}}
{{- define "mailrun.databaseUrl" -}}
{{- if .Values.postgresql.enabled }}
{{- printf "postgresql://%s@%s:5432/%s?sslmode=disable" .Values.postgresql.user (include "mailrun.databaseHost" .) .Values.postgresql.database }}
{{- else }}
{{- $db := .Values.externalDatabase }}
{{- $hosts := list (printf "%s:%d" $db.host (int $db.port)) }}
{{- range ($db.failoverHosts | default list) }}
{{- $hosts = append $hosts (ternary . (printf "%s:%d" . (int $db.port)) (contains ":" .)) }}
{{- end }}
{{- $failover := ternary "&target_session_attrs=read-write" "" (gt (len $hosts) 1) }}
{{- printf "postgresql://%s@%s/%s?sslmode=%s%s" $db.user (join "," $hosts) $db.database $db.sslMode $failover }}
{{- end }}
{{- end }}

{{/* The pooler's URI (externalDatabase.pooler), when one is set; empty otherwise. */}}
{{- define "mailrun.poolerUrl" -}}
{{- $db := .Values.externalDatabase }}
{{- if and (not .Values.postgresql.enabled) $db.pooler $db.pooler.host }}
{{- printf "postgresql://%s@%s:%d/%s?sslmode=%s" $db.user $db.pooler.host (int $db.pooler.port) $db.database $db.sslMode }}
{{- end }}
{{- end }}

{{- define "mailrun.redisUrl" -}}
{{- if .Values.redis.enabled }}
{{- printf "redis://%s-redis.%s.svc:6379" (include "mailrun.fullname" .) .Release.Namespace }}
{{- else if .Values.externalRedis.sentinel.hosts }}
{{- printf "redis+sentinel://%s/%s" (join "," .Values.externalRedis.sentinel.hosts) .Values.externalRedis.sentinel.masterName }}
{{- else }}
{{- printf "redis://%s:%d" .Values.externalRedis.host (int .Values.externalRedis.port) }}
{{- end }}
{{- end }}

{{/* Environment for reaching PostgreSQL; call with (dict "root" $ "connectTimeout" 30). */}}
{{- define "mailrun.databaseEnv" -}}
{{- $pooler := include "mailrun.poolerUrl" .root -}}
{{- if $pooler -}}
# The pools through the pooler (transaction mode); sessions (LISTEN, advisory locks) direct.
- name: MAILRUN_DATABASE_URL
  value: {{ $pooler | quote }}
- name: MAILRUN_DATABASE_DIRECT_URL
  value: {{ include "mailrun.databaseUrl" .root | quote }}
{{- else -}}
- name: MAILRUN_DATABASE_URL
  value: {{ include "mailrun.databaseUrl" .root | quote }}
{{- end }}
- name: PGPASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.secrets.existingSecret }}
      key: {{ .root.Values.secrets.databasePasswordKey }}
{{- if and (not .root.Values.postgresql.enabled) .root.Values.externalDatabase.caConfigMap }}
# libpq checks the server's certificate against this CA (sslmode verify-ca and verify-full).
- name: PGSSLROOTCERT
  value: /etc/mailrun/database-ca/ca.crt
{{- end }}
- name: MAILRUN_DATABASE_CONNECT_TIMEOUT_SECONDS
  value: {{ .connectTimeout | quote }}
- name: MAILRUN_LOG_LEVEL
  value: {{ .root.Values.config.logLevel | quote }}
{{- end }}

{{/* The external database's CA certificate, when given: a volume and its mount (root context). */}}
{{- define "mailrun.databaseCaVolume" -}}
{{- if and (not .Values.postgresql.enabled) .Values.externalDatabase.caConfigMap -}}
- name: database-ca
  configMap:
    name: {{ .Values.externalDatabase.caConfigMap }}
    items:
      - key: ca.crt
        path: ca.crt
{{- end }}
{{- end }}
{{- define "mailrun.databaseCaMount" -}}
{{- if and (not .Values.postgresql.enabled) .Values.externalDatabase.caConfigMap -}}
- name: database-ca
  mountPath: /etc/mailrun/database-ca
  readOnly: true
{{- end }}
{{- end }}

{{/*
The token keys, mounted from the Secret as files: every service gets the public keys that verify
tokens (MAILRUN_TOKEN_PUBLIC_KEYS_FILE); the lobby alone also gets the signing key
(MAILRUN_TOKEN_SIGNING_KEY_FILE), and the notification service the VAPID keys of Web Push when
enabled (MAILRUN_WEB_PUSH_VAPID_KEY_FILES). Call with (dict "root" $ "component" "lobby").
*/}}
{{- define "mailrun.tokenKeysVolume" -}}
- name: token-keys
  secret:
    secretName: {{ .root.Values.secrets.existingSecret }}
    defaultMode: 288  # 0440: the pod's group (fsGroup) may read
    items:
      - key: {{ .root.Values.secrets.tokenPublicKeysKey }}
        path: token-public.keys
      {{- if eq .component "lobby" }}
      - key: {{ .root.Values.secrets.tokenSigningKeyKey }}
        path: token-signing.key
      {{- end }}
      {{- if and (eq .component "notify") .root.Values.notify.webPushEnabled }}
      - key: {{ .root.Values.secrets.vapidPrivateKeysKey }}
        path: vapid-private.pem
      {{- end }}
{{- end }}

{{/* The Redis password from the Secret (MAILRUN_REDIS_PASSWORD: the services send AUTH). */}}
{{- define "mailrun.redisPasswordEnv" -}}
- name: MAILRUN_REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ .Values.secrets.existingSecret }}
      key: {{ .Values.secrets.redisPasswordKey }}
{{- end }}

{{/* The API service of a component: its readiness is that name's grpc.health.v1 status. */}}
{{- define "mailrun.apiService" -}}
{{- get (dict "game" "mailrun.v1.GameService" "lobby" "mailrun.v1.LobbyService" "notify" "mailrun.v1.NotificationService") . }}
{{- end }}

{{/* Spreads one component's pods over nodes; call with (dict "root" $ "component" "game"). */}}
{{- define "mailrun.topologySpread" -}}
{{- if .root.Values.topologySpread -}}
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "mailrun.selectorLabels" . | nindent 8 }}
{{- end }}
{{- end }}

{{/* A NetworkPolicy peer selecting one component's pods; call with (dict "root" $ "component" "game"). */}}
{{- define "mailrun.peer" -}}
- podSelector:
    matchLabels:
      {{- include "mailrun.selectorLabels" . | nindent 6 }}
{{- end }}

{{/* HorizontalPodAutoscaler; call with (dict "root" $ "component" "game" "autoscaling" <values>). */}}
{{- define "mailrun.hpa" -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "mailrun.fullname" .root }}-{{ .component }}
  labels:
    {{- include "mailrun.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "mailrun.fullname" .root }}-{{ .component }}
  minReplicas: {{ .autoscaling.minReplicas }}
  maxReplicas: {{ .autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .autoscaling.targetCPUUtilizationPercentage }}
    {{- with .autoscaling.podsMetric }}
    {{- if .name }}
    # A per-pod metric from the custom metrics API (a metrics adapter serves it from Prometheus):
    # the autoscaler keeps its average per pod at averageValue, or CPU at its target, whichever
    # asks for more pods.
    - type: Pods
      pods:
        metric:
          name: {{ .name }}
        target:
          type: AverageValue
          averageValue: {{ .averageValue | quote }}
    {{- end }}
    {{- end }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: {{ .autoscaling.scaleDownStabilizationSeconds }}
      policies:
        - type: Pods
          value: 1
          periodSeconds: 120
{{- end }}

{{/* The label of the headless Services whose endpoints Prometheus scrapes (root context). */}}
{{- define "mailrun.metricsLabel" -}}
mailrun.io/metrics: "true"
{{- end }}

{{/*
The series of this release in PromQL: the ServiceMonitor gives every series the labels namespace,
release and component (below); alerts and the dashboard select by them.
*/}}
{{- define "mailrun.promSelector" -}}
namespace="{{ .Release.Namespace }}",release="{{ .Release.Name }}"
{{- end }}

{{/* PodDisruptionBudget; call with (dict "root" $ "component" "game" "pdb" <values>). */}}
{{- define "mailrun.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "mailrun.fullname" .root }}-{{ .component }}
  labels:
    {{- include "mailrun.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "mailrun.selectorLabels" . | nindent 6 }}
{{- end }}
