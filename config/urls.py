from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("tables/", include("games.urls")),
    path("api/", include("games.api_urls")),  # tables: lobby, create, join, state
    path("api/", include("config.api")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switch
    path("admin/", admin.site.urls),
]
