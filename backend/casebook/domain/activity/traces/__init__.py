"""Production traces into Activity: OpenTelemetry (OTLP) spans in the GenAI and
OpenInference conventions, read as conversations, turns, runs and steps.

``wire`` decodes an export request (protobuf or JSON, gzip or deflate) and writes the
answers OTLP exporters expect; ``spans`` reads each span into plain facts that can wait
as JSON for the rest of their trace; ``conventions`` says what a span means (its kind,
messages, tool call, model, tokens, cost, user, session); ``assembly`` forms turns from
a trace's spans, whatever order they came in; ``limits`` holds every bound, by name.
"""
