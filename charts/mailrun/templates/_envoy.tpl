{{/*
The gateway's Envoy configuration. It has the same shape as deploy/envoy/envoy.yaml (the local
stack's), which a test compares with this one: only the backend addresses, the descriptor path and
the CORS origins may differ.

One listener for every client: native gRPC (HTTP/2) passes through, gRPC-Web (HTTP/1.1 or 2) is
translated by grpc_web, JSON (POST /mailrun.v1.<Service>/<Method>) by grpc_json_transcoder. Each
backend is a STRICT_DNS cluster on the headless Service, so Envoy sees every pod and balances
calls (not connections) over them, and stops sending to a pod whose grpc.health.v1 check of its
API service fails (a pod that is shutting down, or whose database does not answer, reports
NOT_SERVING).
*/}}
{{- define "mailrun.envoyConfig" -}}
{{- $root := . }}
{{- $gateway := .Values.gateway -}}
admin:
  address:
    socket_address:
      address: 127.0.0.1
      port_value: 9901
static_resources:
  listeners:
    - name: clients
      address:
        socket_address:
          address: 0.0.0.0
          port_value: {{ $gateway.port }}
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
                stat_prefix: clients
                codec_type: AUTO
                # The client's address goes to the services in x-forwarded-for (the lobby's login
                # limits count it); what a client sends in that header is not trusted.
                use_remote_address: true
                # Notification streams may be quiet for long; an idle stream is closed after this.
                stream_idle_timeout: {{ $gateway.streamIdleTimeoutSeconds }}s
                common_http_protocol_options:
                  headers_with_underscores_action: REJECT_REQUEST
                http2_protocol_options:
                  max_concurrent_streams: 100
                  # Finds phones that went away without closing their streams.
                  connection_keepalive:
                    interval: 60s
                    timeout: 20s
                access_log:
                  - name: envoy.access_loggers.stdout
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog
                route_config:
                  name: mailrun
                  virtual_hosts:
                    - name: mailrun
                      domains:
                        - "*"
                      typed_per_filter_config:
                        envoy.filters.http.cors:
                          "@type": type.googleapis.com/envoy.extensions.filters.http.cors.v3.CorsPolicy
                          allow_origin_string_match:
                            {{- range $gateway.corsAllowOrigins }}
                            - exact: {{ . | quote }}
                            {{- else }}
                            []
                            {{- end }}
                          allow_methods: POST, OPTIONS
                          allow_headers: authorization, content-type, grpc-timeout, x-grpc-web, x-user-agent
                          expose_headers: grpc-status, grpc-message, grpc-status-details-bin
                          max_age: "86400"
                      routes:
                        {{- range $component, $binary := include "mailrun.components" . | fromYaml }}
                        {{- range index $gateway.grpcServices $component }}
                        - match:
                            prefix: /{{ . }}/
                          route:
                            cluster: {{ $component }}
                            {{- if eq $component "notify" }}
                            # Subscribe streams last as long as the client stays: no overall limit.
                            timeout: 0s
                            {{- else }}
                            timeout: {{ $gateway.requestTimeoutSeconds }}s
                            max_stream_duration:
                              grpc_timeout_header_max: {{ $gateway.requestTimeoutSeconds }}s
                            {{- end }}
                        {{- end }}
                        {{- end }}
                http_filters:
                  # GET /healthz for the kubelet's probes; fails while Envoy drains.
                  - name: envoy.filters.http.health_check
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.health_check.v3.HealthCheck
                      pass_through_mode: false
                      headers:
                        - name: ":path"
                          string_match:
                            exact: /healthz
                  - name: envoy.filters.http.cors
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.cors.v3.Cors
                  - name: envoy.filters.http.grpc_web
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.grpc_web.v3.GrpcWeb
                  {{- if $gateway.jsonTranscoding }}
                  - name: envoy.filters.http.grpc_json_transcoder
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.grpc_json_transcoder.v3.GrpcJsonTranscoder
                      proto_descriptor: /etc/envoy/descriptors/mailrun.pb
                      services:
                        {{- range $component, $binary := include "mailrun.components" . | fromYaml }}
                        {{- range index $gateway.grpcServices $component }}
                        - {{ . }}
                        {{- end }}
                        {{- end }}
                      # Methods need no google.api.http option: POST /<package>.<Service>/<Method>.
                      auto_mapping: true
                      convert_grpc_status: true
                      print_options:
                        always_print_primitive_fields: true
                  {{- end }}
                  - name: envoy.filters.http.router
                    typed_config:
                      "@type": type.googleapis.com/envoy.extensions.filters.http.router.v3.Router
  clusters:
    {{- range $component, $binary := include "mailrun.components" . | fromYaml }}
    - name: {{ $component }}
      type: STRICT_DNS
      dns_lookup_family: V4_PREFERRED
      dns_refresh_rate: 5s
      lb_policy: ROUND_ROBIN
      connect_timeout: 2s
      typed_extension_protocol_options:
        envoy.extensions.upstreams.http.v3.HttpProtocolOptions:
          "@type": type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions
          explicit_http_config:
            http2_protocol_options:
              connection_keepalive:
                interval: 30s
                timeout: 10s
      health_checks:
        - timeout: 1s
          interval: 5s
          unhealthy_threshold: 2
          healthy_threshold: 1
          # The API service's status: a pod whose database does not answer gets no calls.
          grpc_health_check:
            service_name: {{ first (index $gateway.grpcServices $component) }}
      outlier_detection:
        consecutive_5xx: 5
        base_ejection_time: 10s
      load_assignment:
        cluster_name: {{ $component }}
        endpoints:
          - lb_endpoints:
              - endpoint:
                  address:
                    socket_address:
                      address: {{ include "mailrun.headlessHost" (dict "root" $root "component" $component) }}
                      port_value: {{ (index $root.Values $component).port }}
    {{- end }}
{{- end }}
