from django.urls import path

from rules import views

app_name = "rules"

urlpatterns = [
    path("ratings/", views.ratings, name="ratings"),  # before the slugs: how rating works
    path("<slug:slug>/", views.ruleset_detail, name="detail"),
]
