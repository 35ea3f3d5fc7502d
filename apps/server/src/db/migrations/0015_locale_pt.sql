-- Brazilian Portuguese (pt) as a user's default language (LOCALES). Expand only: it adds a value.
ALTER TYPE "public"."locale" ADD VALUE 'pt';