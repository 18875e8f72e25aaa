"""Output serializers both APIs share: the tables API (games.live.api) and the history
API (games.record.api) answer a refusal and name a rule set the same way."""

from __future__ import annotations

from rest_framework import serializers


class ErrorOutputSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class RuleSetBriefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
