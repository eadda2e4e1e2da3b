-- Seeded lookup rows get a translation key: the web shows them in the chosen language, rows
-- staff named stay as typed (docs/data-model.md, Lookups). Time zones (IANA names) and the
-- brand names among the sources read the same in every language and get none.
--> statement-breakpoint
ALTER TABLE "algorithms" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "answer_types" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "booleans" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "clasifications" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "conversation_types" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "estimation_functions" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "timezones" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.newLead' WHERE "name" = 'New lead';--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.contacted' WHERE "name" = 'Contacted';--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.trialLesson' WHERE "name" = 'Trial lesson';--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.negotiation' WHERE "name" = 'Negotiation';--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.won' WHERE "name" = 'Won';--> statement-breakpoint
UPDATE "stages" SET "key" = 'stages.lost' WHERE "name" = 'Lost';--> statement-breakpoint
UPDATE "languages" SET "key" = 'languages.ukrainian' WHERE "name" = 'Ukrainian';--> statement-breakpoint
UPDATE "languages" SET "key" = 'languages.english' WHERE "name" = 'English';--> statement-breakpoint
UPDATE "languages" SET "key" = 'languages.polish' WHERE "name" = 'Polish';--> statement-breakpoint
UPDATE "categories" SET "key" = 'categories.adult' WHERE "name" = 'Adult';--> statement-breakpoint
UPDATE "categories" SET "key" = 'categories.teenager' WHERE "name" = 'Teenager';--> statement-breakpoint
UPDATE "categories" SET "key" = 'categories.child' WHERE "name" = 'Child';--> statement-breakpoint
UPDATE "categories" SET "key" = 'categories.corporate' WHERE "name" = 'Corporate';--> statement-breakpoint
UPDATE "products" SET "key" = 'products.individualLessons' WHERE "name" = 'Individual lessons';--> statement-breakpoint
UPDATE "products" SET "key" = 'products.groupLessons' WHERE "name" = 'Group lessons';--> statement-breakpoint
UPDATE "products" SET "key" = 'products.speakingClub' WHERE "name" = 'Speaking club';--> statement-breakpoint
UPDATE "products" SET "key" = 'products.examPreparation' WHERE "name" = 'Exam preparation';--> statement-breakpoint
UPDATE "products" SET "key" = 'products.businessEnglish' WHERE "name" = 'Business English';--> statement-breakpoint
UPDATE "sources" SET "key" = 'sources.website' WHERE "name" = 'Website';--> statement-breakpoint
UPDATE "sources" SET "key" = 'sources.referral' WHERE "name" = 'Referral';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.a1' WHERE "name" = 'A1 Beginner';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.a2' WHERE "name" = 'A2 Elementary';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.b1' WHERE "name" = 'B1 Intermediate';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.b2' WHERE "name" = 'B2 Upper-Intermediate';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.c1' WHERE "name" = 'C1 Advanced';--> statement-breakpoint
UPDATE "levels" SET "key" = 'levels.c2' WHERE "name" = 'C2 Proficiency';--> statement-breakpoint
UPDATE "booleans" SET "key" = 'booleans.yes' WHERE "name" = 'yes';--> statement-breakpoint
UPDATE "booleans" SET "key" = 'booleans.no' WHERE "name" = 'no';--> statement-breakpoint
UPDATE "conversation_types" SET "key" = 'conversationTypes.lesson' WHERE "name" = 'Lesson';--> statement-breakpoint
UPDATE "conversation_types" SET "key" = 'conversationTypes.test' WHERE "name" = 'Test';--> statement-breakpoint
UPDATE "conversation_types" SET "key" = 'conversationTypes.survey' WHERE "name" = 'Survey';--> statement-breakpoint
UPDATE "conversation_types" SET "key" = 'conversationTypes.homework' WHERE "name" = 'Homework';--> statement-breakpoint
UPDATE "estimation_functions" SET "key" = 'estimationFunctions.none' WHERE "name" = 'No estimation';--> statement-breakpoint
UPDATE "estimation_functions" SET "key" = 'estimationFunctions.pointsPerGroup' WHERE "name" = 'Points per estimation group';--> statement-breakpoint
UPDATE "estimation_functions" SET "key" = 'estimationFunctions.percentRight' WHERE "name" = 'Percent of right answers';--> statement-breakpoint
UPDATE "answer_types" SET "key" = 'answerTypes.buttons' WHERE "name" = 'Message with buttons';--> statement-breakpoint
UPDATE "answer_types" SET "key" = 'answerTypes.freeText' WHERE "name" = 'Free text answer';--> statement-breakpoint
UPDATE "answer_types" SET "key" = 'answerTypes.final' WHERE "name" = 'Final message';--> statement-breakpoint
UPDATE "clasifications" SET "key" = 'clasifications.grammar' WHERE "name" = 'Grammar';--> statement-breakpoint
UPDATE "clasifications" SET "key" = 'clasifications.vocabulary' WHERE "name" = 'Vocabulary';--> statement-breakpoint
UPDATE "clasifications" SET "key" = 'clasifications.reading' WHERE "name" = 'Reading';--> statement-breakpoint
UPDATE "clasifications" SET "key" = 'clasifications.listening' WHERE "name" = 'Listening';--> statement-breakpoint
UPDATE "clasifications" SET "key" = 'clasifications.speaking' WHERE "name" = 'Speaking';--> statement-breakpoint
UPDATE "algorithms" SET "key" = 'algorithms.level' WHERE "name" = 'All students of a level';--> statement-breakpoint
UPDATE "algorithms" SET "key" = 'algorithms.group' WHERE "name" = 'All students of a group';--> statement-breakpoint
UPDATE "algorithms" SET "key" = 'algorithms.project' WHERE "name" = 'All students of a project';--> statement-breakpoint
UPDATE "algorithms" SET "key" = 'algorithms.withoutRun' WHERE "name" = 'Students without a run of it yet';
