{{/* Egress rules shared by the NetworkPolicies (networkpolicy.yaml); call with the root context. */}}

{{/* Cluster DNS. */}}
{{- define "mailrun.np.dns" -}}
- to:
    {{- toYaml .Values.networkPolicy.dnsPeers | nindent 4 }}
  ports:
    - protocol: UDP
      port: 53
    - protocol: TCP
      port: 53
{{- end }}

{{/* PostgreSQL: the in-chart pod or externalDatabase.networkPolicyPeers. */}}
{{- define "mailrun.np.database" -}}
{{- if .Values.postgresql.enabled -}}
- to:
    {{- include "mailrun.peer" (dict "root" . "component" "postgresql") | nindent 4 }}
  ports:
    - protocol: TCP
      port: 5432
{{- else -}}
- to:
    {{- toYaml .Values.externalDatabase.networkPolicyPeers | nindent 4 }}
  ports:
    - protocol: TCP
      port: {{ .Values.externalDatabase.port }}
    {{- range .Values.externalDatabase.failoverHosts }}
    {{- if contains ":" . }}
    - protocol: TCP
      port: {{ last (splitList ":" .) | int }}
    {{- end }}
    {{- end }}
    {{- if .Values.externalDatabase.pooler.host }}
    - protocol: TCP
      port: {{ .Values.externalDatabase.pooler.port }}
    {{- end }}
{{- end }}
{{- end }}

{{/* Redis: the in-chart pod or externalRedis.networkPolicyPeers. */}}
{{- define "mailrun.np.redis" -}}
{{- if .Values.redis.enabled -}}
- to:
    {{- include "mailrun.peer" (dict "root" . "component" "redis") | nindent 4 }}
  ports:
    - protocol: TCP
      port: 6379
{{- else -}}
- to:
    {{- toYaml .Values.externalRedis.networkPolicyPeers | nindent 4 }}
  ports:
    - protocol: TCP
      port: {{ .Values.externalRedis.port }}
    {{- range .Values.externalRedis.sentinel.hosts }}
    - protocol: TCP
      port: {{ ternary (last (splitList ":" .)) "26379" (contains ":" .) | int }}
    {{- end }}
{{- end }}
{{- end }}
