"""Rule sets, read-only: what a table will play by, tables included."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.models import OPTION_NAMES, RuleSet
from rules.selectors import ruleset_get, ruleset_list


class RowBonusOutputSerializer(serializers.Serializer):
    row = serializers.CharField()
    category = serializers.CharField()
    points = serializers.IntegerField()


class SpecialHandOutputSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    rank = serializers.IntegerField()
    points = serializers.IntegerField()
    params = serializers.DictField()


class RuleSetOutputSerializer(serializers.ModelSerializer):
    row_bonuses = RowBonusOutputSerializer(many=True)
    specials = SpecialHandOutputSerializer(many=True)

    class Meta:
        model = RuleSet
        fields = ["slug", "is_preset", *OPTION_NAMES, "row_bonuses", "specials", "updated_at"]
        read_only_fields = fields


class RuleSetListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets_list", responses=RuleSetOutputSerializer(many=True))
    def get(self, request):
        return Response(RuleSetOutputSerializer(ruleset_list(), many=True).data)


class RuleSetDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets_retrieve", responses=RuleSetOutputSerializer)
    def get(self, request, slug: str):
        try:
            rule_set = ruleset_get(slug=slug)
        except RuleSet.DoesNotExist:
            raise Http404 from None
        return Response(RuleSetOutputSerializer(rule_set).data)
