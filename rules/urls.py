from django.urls import path

from rules import views

app_name = "rules"

urlpatterns = [
    path("<slug:slug>/", views.ruleset_detail, name="detail"),
]
