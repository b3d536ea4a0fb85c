-- The report calls its people respondents: its sort indexes follow, renamed rather than rebuilt.
ALTER INDEX "plays_players_date_idx" RENAME TO "plays_respondents_date_idx";--> statement-breakpoint
ALTER INDEX "plays_players_email_idx" RENAME TO "plays_respondents_email_idx";--> statement-breakpoint
ALTER INDEX "plays_players_result_idx" RENAME TO "plays_respondents_result_idx";--> statement-breakpoint
ALTER INDEX "plays_players_country_idx" RENAME TO "plays_respondents_country_idx";--> statement-breakpoint
ALTER INDEX "plays_players_state_idx" RENAME TO "plays_respondents_state_idx";--> statement-breakpoint
ALTER INDEX "plays_players_city_idx" RENAME TO "plays_respondents_city_idx";
