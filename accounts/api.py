"""The accounts API: who am I, and registration (shares the web form's throttle)."""

from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import user_register
from accounts.throttles import RegistrationThrottle


class UserOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    date_joined = serializers.DateTimeField()


class MeApi(APIView):
    """The logged-in player."""

    @extend_schema(operation_id="me", responses=UserOutputSerializer)
    def get(self, request):
        return Response(UserOutputSerializer(request.user).data)


class RegisterApi(APIView):
    """Create a player account. It does not log in: log in through /accounts/login/."""

    permission_classes = [AllowAny]
    throttle_classes = [RegistrationThrottle]

    class InputSerializer(serializers.Serializer):
        # Shape only: blank and over-long values reach user_register, which judges every
        # field at once with the same rules and messages as the web form.
        username = serializers.CharField(allow_blank=True)
        display_name = serializers.CharField(allow_blank=True)
        password = serializers.CharField(write_only=True, trim_whitespace=False,
                                         style={"input_type": "password"})

    @extend_schema(operation_id="register", request=InputSerializer,
                   responses={201: UserOutputSerializer})
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            user = user_register(**serializer.validated_data)
        except ValidationError as error:
            raise serializers.ValidationError(error.message_dict) from error
        return Response(UserOutputSerializer(user).data, status=status.HTTP_201_CREATED)
