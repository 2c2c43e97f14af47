-- The Optuna study students-bytescnn of `distill sweep --config students-bytescnn --carry docs/studies/students-bytescnn.sql --results RESULTS.md`, as SQL: its rows of the SQLite
-- database, every trial's parameters, configuration, learning curve and scores (its MLflow runs are not
-- kept). The same command resumes it on any machine: it builds the study database from this file
-- where the database does not exist yet, and rewrites this file after every trial.
BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(2,'students-bytescnn');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(2,'MAXIMIZE',2,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_user_attributes" VALUES(6,2,'distill.spec','"66763f05c6789bf5"');
INSERT INTO "study_user_attributes" VALUES(7,2,'distill.source','"/work/main/sweeps/students-bytescnn.yaml"');
INSERT INTO "study_user_attributes" VALUES(8,2,'distill.trial_time','{"seconds": 900.0, "fill": true}');
INSERT INTO "study_user_attributes" VALUES(9,2,'distill.mlflow_parent_run','"7dbf5e6c7e014d46ac0850d060bdee67"');
INSERT INTO "study_user_attributes" VALUES(10,2,'distill.reference_epochs','{"table": 5.553928940000333, "context": 45.74861241665833, "cpu": "AMD EPYC", "device": "cpu", "date": "2026-12-05", "commit": "255b3d8+"}');
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_heartbeats" VALUES(28,28,'2026-12-05 14:52:37.000000');
INSERT INTO "trial_heartbeats" VALUES(29,29,'2026-12-05 15:00:54.000000');
INSERT INTO "trial_heartbeats" VALUES(30,30,'2026-12-05 15:45:17.000000');
INSERT INTO "trial_heartbeats" VALUES(31,31,'2026-12-05 16:04:26.000000');
INSERT INTO "trial_heartbeats" VALUES(32,32,'2026-12-05 16:35:46.000000');
INSERT INTO "trial_heartbeats" VALUES(33,33,'2026-12-05 16:56:49.000000');
INSERT INTO "trial_heartbeats" VALUES(34,34,'2026-12-05 17:00:09.000000');
INSERT INTO "trial_heartbeats" VALUES(35,35,'2026-12-05 17:03:34.000000');
INSERT INTO "trial_heartbeats" VALUES(36,36,'2026-12-05 17:35:04.000000');
INSERT INTO "trial_heartbeats" VALUES(37,37,'2026-12-05 17:41:20.000000');
INSERT INTO "trial_heartbeats" VALUES(38,38,'2026-12-05 17:43:28.000000');
INSERT INTO "trial_heartbeats" VALUES(39,39,'2026-12-05 17:45:35.000000');
INSERT INTO "trial_heartbeats" VALUES(40,40,'2026-12-05 17:47:41.000000');
INSERT INTO "trial_heartbeats" VALUES(41,41,'2026-12-05 18:02:32.000000');
INSERT INTO "trial_heartbeats" VALUES(42,42,'2026-12-05 18:36:44.000000');
INSERT INTO "trial_heartbeats" VALUES(43,43,'2026-12-05 18:40:33.000000');
INSERT INTO "trial_heartbeats" VALUES(44,44,'2026-12-05 19:00:37.000000');
INSERT INTO "trial_heartbeats" VALUES(45,45,'2026-12-05 19:21:20.000000');
INSERT INTO "trial_heartbeats" VALUES(46,46,'2026-12-05 19:24:14.000000');
INSERT INTO "trial_heartbeats" VALUES(47,47,'2026-12-05 19:26:38.000000');
INSERT INTO "trial_heartbeats" VALUES(48,48,'2026-12-05 19:46:44.000000');
INSERT INTO "trial_heartbeats" VALUES(49,49,'2026-12-05 19:48:52.000000');
INSERT INTO "trial_heartbeats" VALUES(50,50,'2026-12-05 19:53:02.000000');
INSERT INTO "trial_heartbeats" VALUES(51,51,'2026-12-05 19:56:44.000000');
INSERT INTO "trial_heartbeats" VALUES(52,52,'2026-12-05 19:59:05.000000');
INSERT INTO "trial_heartbeats" VALUES(53,53,'2026-12-05 20:02:10.000000');
INSERT INTO "trial_heartbeats" VALUES(54,54,'2026-12-05 20:05:06.000000');
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(312,28,5,3.55815976858139038085e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(313,28,10,4.99327063560485839843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(314,28,15,5.74906468391418457031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(315,28,20,6.18698060512542724609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(316,28,25,6.47600352764129638671e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(317,28,30,6.69980168342590332031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(318,28,35,6.86899065971374511718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(319,28,40,7.01740145683288574218e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(320,28,45,7.13823616504669189453e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(321,28,50,7.24646329879760742187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(322,28,55,7.34282135963439941406e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(323,28,60,7.42925882339477539062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(324,28,65,7.50730931758880615234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(325,28,70,7.57075548171997070312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(326,28,75,7.62313067913055419921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(327,28,80,7.6618099212646484375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(328,28,85,7.68968462944030761718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(329,28,90,7.70699441432952880859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(330,28,95,0.771642804145813,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(331,28,100,7.71948933601379394531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(332,28,102,7.7195841073989868164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(333,28,105,7.54449605941772460937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(334,28,109,7.60700225830078125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(335,29,5,-4.95991408824920654296e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(336,29,10,-2.86375675350427627563e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(337,29,15,-1.0170415043830871582e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(338,29,20,-4.03678277507424354553e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(339,29,25,1.54162161052227020263e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(340,29,30,2.5433277711272239685e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(341,30,5,-5.2228059619665145874e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(342,30,10,-1.93200837820768356323e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(343,30,15,-1.12132718786597251892e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(344,30,20,1.18320772890001535415e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(345,30,25,7.56235281005501747131e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(346,30,30,2.01798528432846069335e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(347,30,35,1.94627251476049423217e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(348,30,40,2.53635179251432418823e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(349,30,45,2.1215608343482017517e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(350,30,50,2.29451265186071395874e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(351,30,55,3.5386517643928527832e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(352,30,60,3.55204567313194274902e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(353,30,65,3.32731865346431732177e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(354,30,70,4.65161390602588653564e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(355,30,75,4.62958104908466339111e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(356,30,80,5.48501983284950256347e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(357,30,85,5.69315515458583831787e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(358,30,90,5.55834546685218811035e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(359,30,95,5.60667477548122406005e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(360,30,99,5.61420395970344543457e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(361,30,100,0.0709628164768219,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(362,30,105,0.0758700743317604,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(363,30,106,7.57724419236183166503e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(364,31,5,3.08454900979995727539e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(365,31,10,4.48074460029602050781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(366,31,15,5.35494029521942138671e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(367,31,20,5.9225851297378540039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(368,31,25,0.632253885269165,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(369,31,30,6.596546173095703125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(370,31,35,6.82363152503967285156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(371,31,40,6.95309519767761230468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(372,31,45,7.03549742698669433593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(373,31,50,7.06676959991455078125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(374,31,53,7.06814646720886230468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(375,31,55,6.75588130950927734375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(376,32,5,2.9366207122802734375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(377,32,10,4.27714198827743530273e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(378,32,15,5.21857142448425292968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(379,32,20,5.84403753280639648437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(380,32,25,6.26616418361663818359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(381,32,30,6.57010257244110107421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(382,32,35,6.83338761329650878906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(383,32,40,7.01749622821807861328e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(384,32,45,7.16779470443725585937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(385,32,50,7.28165268898010253906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(386,32,55,7.3598003387451171875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(387,32,60,7.40636527538299560546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(388,32,65,7.43322610855102539062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(389,32,70,7.44264066219329833984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(390,32,71,7.44263887405395507812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(391,32,75,7.1610456705093383789e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(392,32,76,7.18892872333526611328e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(393,33,5,2.916049957275390625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(394,33,10,4.08858925104141235351e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(395,33,15,4.91245567798614501953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(396,33,20,5.37216007709503173828e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(397,33,25,5.67729294300079345703e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(398,33,30,5.93522429466247558593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(399,33,35,6.13644361495971679687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(400,33,40,6.32193863391876220703e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(401,33,45,0.648709774017334,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(402,33,50,6.63718879222869873046e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(403,33,55,6.76143527030944824218e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(404,33,60,6.86837553977966308593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(405,33,65,6.95812523365020751953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(406,33,70,7.02530443668365478515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(407,33,75,7.06984341144561767578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(408,33,80,7.09685981273651123046e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(409,33,85,0.710841715335846,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(410,33,90,7.11051821708679199218e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(411,33,95,7.05454289913177490234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(412,33,96,7.05577254295349121093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(413,34,5,5.9300031512975692749e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(414,34,10,1.31835177540779113769e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(415,34,15,1.74117177724838256835e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(416,35,5,1.22525312006473541259e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(417,35,10,2.01118871569633483886e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(418,35,15,2.65871733427047729492e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(419,36,5,3.61497074365615844726e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(420,36,10,5.0643157958984375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(421,36,15,5.67739427089691162109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(422,36,20,6.09767675399780273437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(423,36,25,6.34092032909393310546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(424,36,30,6.53363108634948730468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(425,36,35,6.6779237985610961914e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(426,36,40,6.79914176464080810546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(427,36,45,6.90894842147827148437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(428,36,50,7.01129198074340820312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(429,36,55,7.11696147918701171875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(430,36,60,0.721164345741272,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(431,36,65,0.730333685874939,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(432,36,70,7.38522052764892578125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(433,36,75,7.45876252651214599609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(434,36,80,7.51872539520263671875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(435,36,85,7.56400287151336669921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(436,36,90,7.59299695491790771484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(437,36,95,0.760728120803833,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(438,36,100,0.761254072189331,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(439,36,103,7.61293828487396240234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(440,36,105,7.53829658031463623046e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(441,36,110,0.754946231842041,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(442,37,5,3.19598674774169921875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(443,37,10,4.49505597352981567382e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(444,37,15,5.26541471481323242187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(445,37,20,5.74322402477264404296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(446,37,25,6.06236636638641357421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(447,37,30,6.3098150491714477539e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(448,37,35,6.49400293827056884765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(449,37,40,0.665529191493988,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(450,38,5,2.59590506553649902343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(451,38,10,3.33027631044387817382e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(452,39,5,1.47532373666763305664e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(453,39,10,2.39290148019790649414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(454,40,5,2.87189692258834838867e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(455,40,10,3.41386735439300537109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(456,41,5,2.96491891145706176757e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(457,41,10,3.98876160383224487304e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(458,41,15,5.01521348953247070312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(459,41,20,5.86287379264831542968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(460,41,25,6.38636410236358642578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(461,41,30,6.72919034957885742187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(462,41,35,6.98218286037445068359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(463,41,40,7.16593444347381591796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(464,41,45,7.31699407100677490234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(465,41,50,7.44721949100494384765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(466,41,55,7.55426645278930664062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(467,41,60,7.64947831630706787109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(468,41,65,7.73256897926330566406e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(469,41,70,7.79707849025726318359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(470,41,75,7.84525573253631591796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(471,41,80,7.87903010845184326171e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(472,41,85,7.90031313896179199218e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(473,41,90,7.91120946407318115234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(474,41,95,0.791407585144043,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(475,41,96,7.91409790515899658203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(476,42,5,2.92512327432632446289e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(477,42,10,3.88963162899017333984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(478,42,15,4.90309417247772216796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(479,42,20,5.76280295848846435546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(480,42,25,6.3254833221435546875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(481,42,30,6.68906629085540771484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(482,42,35,6.95294797420501708984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(483,42,40,7.14448332786560058593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(484,42,45,7.3023706674575805664e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(485,42,50,7.42971181869506835937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(486,42,55,7.54158377647399902343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(487,42,60,7.63914465904235839843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(488,42,65,7.7255153656005859375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(489,42,70,7.80345439910888671875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(490,42,75,7.86656022071838378906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(491,42,80,7.91737735271453857421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(492,42,85,7.95581102371215820312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(493,42,90,7.98350155353546142578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(494,42,95,8.00133585929870605468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(495,42,100,8.01063179969787597656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(496,42,105,8.01384747028350830078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(497,42,107,8.01396131515502929687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(498,42,110,7.75925219058990478515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(499,42,115,7.87782073020935058593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(500,43,5,2.98085868358612060546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(501,43,10,3.97195547819137573242e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(502,43,15,0.498197078704834,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(503,43,20,5.79858899116516113281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(504,44,5,3.30119371414184570312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(505,44,10,4.61003184318542480468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(506,44,15,5.69379210472106933593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(507,44,20,6.26913666725158691406e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(508,44,25,0.663425862789154,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(509,44,30,0.685591459274292,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(510,44,35,0.702413022518158,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(511,44,40,7.17217028141021728515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(512,44,45,7.30299651622772216796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(513,44,50,7.43012130260467529296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(514,44,55,7.54613578319549560546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(515,44,60,0.766102135181427,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(516,44,65,7.76257932186126708984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(517,44,70,7.85038530826568603515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(518,44,75,7.91919112205505371093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(519,44,80,0.796803891658783,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(520,44,85,7.99664676189422607421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(521,44,90,8.01014721393585205078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(522,44,95,8.01363825798034667968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(523,44,96,0.80136638879776,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(524,44,100,7.89673566818237304687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(525,44,103,7.92370975017547607421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(526,45,5,3.91341626644134521484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(527,45,10,5.19763469696044921875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(528,45,15,5.90858042240142822265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(529,45,20,6.35426163673400878906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(530,45,25,6.65274143218994140625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(531,45,30,6.8703752756118774414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(532,45,35,7.0403486490249633789e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(533,45,40,7.17833817005157470703e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(534,45,45,7.29732811450958251953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(535,45,50,7.39783108234405517578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(536,45,55,7.4833774566650390625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(537,45,60,7.55418419837951660156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(538,45,65,7.61001825332641601562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(539,45,70,7.65399336814880371093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(540,45,75,7.68602490425109863281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(541,45,80,7.70752251148223876953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(542,45,85,7.72008180618286132812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(543,45,90,0.772526741027832,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(544,45,94,7.72594451904296875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(545,45,95,7.48125851154327392578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(546,45,100,7.58850216865539550781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(547,45,101,7.59296238422393798828e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(548,46,5,2.39715784788131713867e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(549,46,10,2.91059076786041259765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(550,46,15,3.60185265541076660156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(551,47,5,-1.3177630491554737091e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(552,47,10,6.93771103397011756896e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(553,48,5,3.33225011825561523437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(554,48,10,4.67799425125122070312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(555,48,15,5.61520218849182128906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(556,48,20,6.16408467292785644531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(557,48,25,0.647711455821991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(558,48,30,6.67769134044647216796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(559,48,35,6.8292522430419921875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(560,48,40,6.96317017078399658203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(561,48,45,7.07716464996337890625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(562,48,50,7.18756794929504394531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(563,48,55,7.28538155555725097656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(564,48,60,7.37945497035980224609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(565,48,65,7.46670246124267578125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(566,48,70,7.54760384559631347656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(567,48,75,7.61131405830383300781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(568,48,80,7.66147911548614501953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(569,48,85,7.69508779048919677734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(570,48,90,7.71395146846771240234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(571,48,95,7.722072601318359375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(572,48,100,0.772361159324646,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(573,48,105,7.63455629348754882812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(574,48,107,7.64107584953308105468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(575,49,5,2.75130480527877807617e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(576,49,10,3.8308581709861755371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(577,50,5,3.43028098344802856445e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(578,50,10,4.9060490727424621582e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(579,50,15,5.79132556915283203125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(580,50,20,6.23894929885864257812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(581,50,25,6.52121126651763916015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(582,51,5,3.02332073450088500976e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(583,51,10,4.30159717798233032226e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(584,51,15,4.98669028282165527343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(585,51,20,5.35930454730987548828e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(586,52,5,3.31038415431976318359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(587,52,10,4.46408182382583618164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(588,53,5,3.7796115875244140625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(589,53,10,5.04996478557586669921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(590,53,15,5.72673022747039794921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(591,54,5,2.90086925029754638671e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(592,54,10,3.88985455036163330078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(593,54,15,4.9545624852180480957e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(163,28,'lr',0.002,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(164,28,'warmup_fraction',0.05,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(165,28,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(166,28,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(167,28,'frequency_exponent',0.5,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(168,28,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(169,29,'lr',3.2822332195374939387e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(170,29,'warmup_fraction',1.2286823447372639817e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(171,29,'batch_size',384.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(172,29,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(173,29,'frequency_exponent',7.77355787624039451522e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(174,29,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(175,30,'lr',3.2822332195374939387e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(176,30,'warmup_fraction',1.2286823447372639817e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(177,30,'batch_size',384.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(178,30,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(179,30,'frequency_exponent',7.77355787624039451522e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(180,30,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(181,31,'lr',0.000448664707788266,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(182,31,'warmup_fraction',0.0961797884928583,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(183,31,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(184,31,'loss',6.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(185,31,'frequency_exponent',4.88432187056778932543e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(186,31,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(187,32,'lr',0.000448664707788266,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(188,32,'warmup_fraction',0.0961797884928583,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(189,32,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(190,32,'loss',6.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(191,32,'frequency_exponent',4.88432187056778932543e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(192,32,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(193,33,'lr',2.89854285694793149807e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(194,33,'warmup_fraction',7.56102619446364365707e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(195,33,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(196,33,'loss',3.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(197,33,'frequency_exponent',4.80352201179538806918e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(198,33,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(199,34,'lr',7.73139525951554605273e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(200,34,'warmup_fraction',1.72499546146482135577e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(201,34,'batch_size',1024.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(202,34,'loss',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(203,34,'frequency_exponent',1.61613565639118106354e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(204,34,'student_options.byte_embedding_dim',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(205,35,'lr',1.04796153723169796143e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(206,35,'warmup_fraction',1.70431173688549320033e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(207,35,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(208,35,'loss',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(209,35,'frequency_exponent',6.8299561675898690094e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(210,35,'student_options.byte_embedding_dim',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(211,36,'lr',8.29479421484531284636e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(212,36,'warmup_fraction',1.3825064727223196348e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(213,36,'batch_size',448.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(214,36,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(215,36,'frequency_exponent',2.889163131669363338e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(216,36,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(217,37,'lr',4.33139167930239772641e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(218,37,'warmup_fraction',4.93785098154469956344e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(219,37,'batch_size',960.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(220,37,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(221,37,'frequency_exponent',5.64312522609327071876e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(222,37,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(223,38,'lr',5.12526029887110275151e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(224,38,'warmup_fraction',9.53307340220890669924e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(225,38,'batch_size',512.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(226,38,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(227,38,'frequency_exponent',1.56943987941773110961e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(228,38,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(229,39,'lr',1.1025573690193019808e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(230,39,'warmup_fraction',6.59006993576725097483e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(231,39,'batch_size',768.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(232,39,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(233,39,'frequency_exponent',8.62272108317598817706e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(234,39,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(235,40,'lr',1.52894825252980568613e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(236,40,'warmup_fraction',8.65069375207182245102e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(237,40,'batch_size',448.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(238,40,'loss',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(239,40,'frequency_exponent',3.43394817082617709314e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(240,40,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(241,41,'lr',2.45779290698576544788e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(242,41,'warmup_fraction',1.53787871179475593708e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(243,41,'batch_size',512.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(244,41,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(245,41,'frequency_exponent',2.62792354006058603843e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(246,41,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(247,42,'lr',2.45779290698576544788e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(248,42,'warmup_fraction',1.53787871179475593708e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(249,42,'batch_size',512.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(250,42,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(251,42,'frequency_exponent',2.62792354006058603843e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(252,42,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(253,43,'lr',3.20335627081620071335e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(254,43,'warmup_fraction',1.92136315347334329928e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(255,43,'batch_size',768.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(256,43,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(257,43,'frequency_exponent',0.359415102690253,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(258,43,'student_options.byte_embedding_dim',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(259,44,'lr',3.12803931113034110189e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(260,44,'warmup_fraction',1.88783124035318272682e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(261,44,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(262,44,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(263,44,'frequency_exponent',7.99167880929745333418e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(264,44,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(265,45,'lr',1.08918204036228985324e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(266,45,'warmup_fraction',1.89587525845288755454e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(267,45,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(268,45,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(269,45,'frequency_exponent',3.57709287508832629587e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(270,45,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(271,46,'lr',1.48642026084210400818e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(272,46,'warmup_fraction',1.50128791538407191374e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(273,46,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(274,46,'loss',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(275,46,'frequency_exponent',2.69190921945125838377e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(276,46,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(277,47,'lr',1.53888940236648376347e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(278,47,'warmup_fraction',5.48996015861456798656e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(279,47,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(280,47,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(281,47,'frequency_exponent',6.13644056458424569377e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(282,47,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(283,48,'lr',7.05018898545615568113e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(284,48,'warmup_fraction',1.51021166722787786307e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(285,48,'batch_size',576.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(286,48,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(287,48,'frequency_exponent',0.0702647613097794,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(288,48,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(289,49,'lr',9.40610748842815266347e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(290,49,'warmup_fraction',5.56676827852059380452e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(291,49,'batch_size',448.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(292,49,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(293,49,'frequency_exponent',5.83392656918846674862e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(294,49,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(295,50,'lr',3.8797501895589730711e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(296,50,'warmup_fraction',1.00288365265559065164e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(297,50,'batch_size',384.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(298,50,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(299,50,'frequency_exponent',4.19313559051332440663e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(300,50,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(301,51,'lr',5.48272932200341827496e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(302,51,'warmup_fraction',1.819813990078909538e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(303,51,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(304,51,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(305,51,'frequency_exponent',6.90120430809870621935e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(306,51,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(307,52,'lr',7.50940919251638096774e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(308,52,'warmup_fraction',3.42301750813547786544e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(309,52,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(310,52,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(311,52,'frequency_exponent',2.26312026912692226821e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(312,52,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(313,53,'lr',1.05875989785965082291e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(314,53,'warmup_fraction',3.63174744058925164091e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(315,53,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(316,53,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(317,53,'frequency_exponent',5.41953819628600563795e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(318,53,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
INSERT INTO "trial_params" VALUES(319,54,'lr',2.37721921983434373096e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(320,54,'warmup_fraction',1.48470954183668985004e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(321,54,'batch_size',576.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(322,54,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(323,54,'frequency_exponent',3.20022698265811311735e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(324,54,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(28,28,'fixed_params','{"lr": 0.002, "warmup_fraction": 0.05, "batch_size": 256, "loss": "cosine", "frequency_exponent": 0.5, "student_options.byte_embedding_dim": 16}');
INSERT INTO "trial_system_attributes" VALUES(29,30,'failed_trial','1');
INSERT INTO "trial_system_attributes" VALUES(30,30,'retry_history','[1]');
INSERT INTO "trial_system_attributes" VALUES(31,32,'failed_trial','3');
INSERT INTO "trial_system_attributes" VALUES(32,32,'retry_history','[3]');
INSERT INTO "trial_system_attributes" VALUES(33,36,'tpe:relative_params:0','"{\"batch_size\": 448, \"frequency_exponent\": 0.28891631316693633, \"loss\": \"cosine\", \"lr\": 0.008294794214845313, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.13825064727223196}"');
INSERT INTO "trial_system_attributes" VALUES(34,37,'tpe:relative_params:0','"{\"batch_size\": 960, \"frequency_exponent\": 0.5643125226093271, \"loss\": \"cosine\", \"lr\": 0.004331391679302398, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.049378509815446996}"');
INSERT INTO "trial_system_attributes" VALUES(35,38,'tpe:relative_params:0','"{\"batch_size\": 512, \"frequency_exponent\": 0.1569439879417731, \"loss\": \"cosine\", \"lr\": 0.0005125260298871103, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.09533073402208907}"');
INSERT INTO "trial_system_attributes" VALUES(36,39,'tpe:relative_params:0','"{\"batch_size\": 768, \"frequency_exponent\": 0.8622721083175988, \"loss\": \"cosine\", \"lr\": 0.001102557369019302, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.06590069935767251}"');
INSERT INTO "trial_system_attributes" VALUES(37,40,'tpe:relative_params:0','"{\"batch_size\": 448, \"frequency_exponent\": 0.3433948170826177, \"loss\": \"aec\", \"lr\": 0.0015289482525298057, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.008650693752071822}"');
INSERT INTO "trial_system_attributes" VALUES(38,41,'tpe:relative_params:0','"{\"batch_size\": 512, \"frequency_exponent\": 0.2627923540060586, \"loss\": \"cosine\", \"lr\": 0.0024577929069857654, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.1537878711794756}"');
INSERT INTO "trial_system_attributes" VALUES(39,42,'failed_trial','13');
INSERT INTO "trial_system_attributes" VALUES(40,42,'retry_history','[13]');
INSERT INTO "trial_system_attributes" VALUES(41,42,'tpe:relative_params:0','"{\"batch_size\": 512, \"frequency_exponent\": 0.2627923540060586, \"loss\": \"cosine\", \"lr\": 0.0024577929069857654, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.1537878711794756}"');
INSERT INTO "trial_system_attributes" VALUES(42,43,'tpe:relative_params:0','"{\"batch_size\": 768, \"frequency_exponent\": 0.359415102690253, \"loss\": \"cosine\", \"lr\": 0.0032033562708162007, \"student_options.byte_embedding_dim\": 32, \"warmup_fraction\": 0.19213631534733433}"');
INSERT INTO "trial_system_attributes" VALUES(43,44,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.07991678809297453, \"loss\": \"cosine\", \"lr\": 0.003128039311130341, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.18878312403531827}"');
INSERT INTO "trial_system_attributes" VALUES(44,45,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.35770928750883263, \"loss\": \"cosine\", \"lr\": 0.0010891820403622899, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.018958752584528876}"');
INSERT INTO "trial_system_attributes" VALUES(45,46,'tpe:relative_params:0','"{\"batch_size\": 256, \"frequency_exponent\": 0.26919092194512584, \"loss\": \"aec\", \"lr\": 0.001486420260842104, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.1501287915384072}"');
INSERT INTO "trial_system_attributes" VALUES(46,47,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.6136440564584246, \"loss\": \"triplet-euclidean\", \"lr\": 0.0015388894023664838, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.005489960158614568}"');
INSERT INTO "trial_system_attributes" VALUES(47,48,'tpe:relative_params:0','"{\"batch_size\": 576, \"frequency_exponent\": 0.0702647613097794, \"loss\": \"cosine\", \"lr\": 0.007050188985456156, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.1510211667227878}"');
INSERT INTO "trial_system_attributes" VALUES(48,49,'tpe:relative_params:0','"{\"batch_size\": 448, \"frequency_exponent\": 0.5833926569188467, \"loss\": \"cosine\", \"lr\": 0.0009406107488428153, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.05566768278520594}"');
INSERT INTO "trial_system_attributes" VALUES(49,50,'tpe:relative_params:0','"{\"batch_size\": 384, \"frequency_exponent\": 0.41931355905133244, \"loss\": \"cosine\", \"lr\": 0.003879750189558973, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.10028836526555907}"');
INSERT INTO "trial_system_attributes" VALUES(50,51,'tpe:relative_params:0','"{\"batch_size\": 256, \"frequency_exponent\": 0.6901204308098706, \"loss\": \"cosine\", \"lr\": 0.005482729322003418, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.18198139900789095}"');
INSERT INTO "trial_system_attributes" VALUES(51,52,'tpe:relative_params:0','"{\"batch_size\": 256, \"frequency_exponent\": 0.22631202691269223, \"loss\": \"cosine\", \"lr\": 0.0007509409192516381, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.03423017508135478}"');
INSERT INTO "trial_system_attributes" VALUES(52,53,'tpe:relative_params:0','"{\"batch_size\": 128, \"frequency_exponent\": 0.5419538196286006, \"loss\": \"cosine\", \"lr\": 0.0010587598978596508, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.036317474405892516}"');
INSERT INTO "trial_system_attributes" VALUES(53,54,'tpe:relative_params:0','"{\"batch_size\": 576, \"frequency_exponent\": 0.3200226982658113, \"loss\": \"cosine\", \"lr\": 0.0023772192198343437, \"student_options.byte_embedding_dim\": 16, \"warmup_fraction\": 0.14847095418366899}"');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(132,28,'distill.worker','"vm:25184"');
INSERT INTO "trial_user_attributes" VALUES(133,28,'distill.commit','"255b3d8+"');
INSERT INTO "trial_user_attributes" VALUES(134,28,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 102, "recipe": "fast", "batch_size": 256, "lr": 0.002, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.002, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(135,28,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(136,28,'distill.mlflow_run','"13b76c0144a24ee7b17d10520f056d35"');
INSERT INTO "trial_user_attributes" VALUES(137,28,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9468195405883238, 0.9478006322381778]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9478984468050362, 0.9517207263497126]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9194672018903951, 0.9262160006950255]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9468195405883238, 0.9478006322381778]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9478984468050362, 0.9517207263497126]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9194672018903951, 0.9262160006950255]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.949381431511711, 0.9418901170263436]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9503422307897431, 0.9458281909993093]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9243048248577858, 0.9156812842932438]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.949381431511711, 0.9418901170263436]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9503422307897431, 0.9458281909993093]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9243048248577858, 0.9156812842932438]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(138,28,'distill.objectives.metrics','{"recall_at_1": 0.9186735765335501, "mean_cosine": 0.7607002258300781, "rel_norm_error": 0.17459143698215485, "english_cosine": 0.6119700780588071, "english_weighted_cosine": 0.9270432077521081, "context_loss": 0.4191031754016876, "heldout_token_cosine": 0.9427573817587116, "heldout_sentence_cosine": 0.9440284454617532, "heldout_similarity_spearman": 0.9206069093727558}');
INSERT INTO "trial_user_attributes" VALUES(139,29,'distill.worker','"vm:25184"');
INSERT INTO "trial_user_attributes" VALUES(140,29,'distill.commit','"255b3d8+"');
INSERT INTO "trial_user_attributes" VALUES(141,29,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 98, "recipe": "fast", "batch_size": 384, "lr": 0.003282233219537494, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1228682344737264, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.7773557876240395, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.003282233219537494, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(142,29,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(143,30,'distill.commit','"e5dff8f"');
INSERT INTO "trial_user_attributes" VALUES(144,30,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 99, "recipe": "fast", "batch_size": 384, "lr": 0.003282233219537494, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1228682344737264, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.7773557876240395, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.003282233219537494, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(145,30,'distill.pace','{"table": 0.9483257450530995, "context": 1.0499185551796373}');
INSERT INTO "trial_user_attributes" VALUES(146,30,'distill.worker','"vm:6604"');
INSERT INTO "trial_user_attributes" VALUES(147,30,'distill.mlflow_run','"3143a171fd95440eaf9c43111c9753e1"');
INSERT INTO "trial_user_attributes" VALUES(148,30,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.4091353591617207, 0.40726390369833554]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.4283446810085193, 0.4051061407612135]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.3845209111422107, 0.37252123785821223]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.4091353591617207, 0.40726390369833554]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.4283446810085193, 0.4051061407612135]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.3845209111422107, 0.37252123785821223]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.23444463461106707, 0.23109516084409903]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.17813339648062923, 0.16912447807218983]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.24028875496481486, 0.08890232972469445]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.23444463461106707, 0.23109516084409903]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.17813339648062923, 0.16912447807218983]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.24028875496481486, 0.08890232972469445]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(149,30,'distill.objectives.metrics','{"recall_at_1": 0.007993767571046303, "mean_cosine": 0.07577244192361832, "rel_norm_error": 11.67678451538086, "english_cosine": 0.07990839479978662, "english_weighted_cosine": 0.2189143290453837, "context_loss": 1.219675898551941, "heldout_token_cosine": 0.23089734879515397, "heldout_sentence_cosine": 0.1742278060328863, "heldout_similarity_spearman": 0.16317293532860913}');
INSERT INTO "trial_user_attributes" VALUES(150,31,'distill.worker','"vm:6604"');
INSERT INTO "trial_user_attributes" VALUES(151,31,'distill.commit','"e5dff8f"');
INSERT INTO "trial_user_attributes" VALUES(152,31,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "multi-similarity", "loss_options": {}, "epochs": 53, "recipe": "fast", "batch_size": 64, "lr": 0.000448664707788266, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.0961797884928583, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.48843218705677893, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.000448664707788266, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 3, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(153,31,'distill.pace','{"table": 0.9483257450530995, "context": 1.0499185551796373}');
INSERT INTO "trial_user_attributes" VALUES(154,32,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(155,32,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "multi-similarity", "loss_options": {}, "epochs": 71, "recipe": "fast", "batch_size": 64, "lr": 0.000448664707788266, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.0961797884928583, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.48843218705677893, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.000448664707788266, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 5, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(156,32,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(157,32,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(158,32,'distill.timing','{"table_seconds": 9.054011218999221, "context_seconds": 45.00543300000572, "other_cores": 0.012999700843138336}');
INSERT INTO "trial_user_attributes" VALUES(159,32,'distill.mlflow_run','"befa677bd5ad44a4a2de7d95318cefea"');
INSERT INTO "trial_user_attributes" VALUES(160,32,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9314090999690673, 0.933464994559228]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9326208322103385, 0.939001651568065]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9041065307406249, 0.9071654730138264]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9314090999690673, 0.933464994559228]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9326208322103385, 0.939001651568065]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9041065307406249, 0.9071654730138264]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9287472053736204, 0.9163638176324403]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9307720999475134, 0.9223714250934913]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8935206525579482, 0.8769145165186075]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9287472053736204, 0.9163638176324403]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9307720999475134, 0.9223714250934913]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8935206525579482, 0.8769145165186075]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(161,32,'distill.objectives.metrics','{"recall_at_1": 0.9185719608440877, "mean_cosine": 0.7188928723335266, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.5962584220025094, "english_weighted_cosine": 0.8917897217867965, "context_loss": 0.48996201157569885, "heldout_token_cosine": 0.9248077742445359, "heldout_sentence_cosine": 0.9240867546937225, "heldout_similarity_spearman": 0.8917555580266955}');
INSERT INTO "trial_user_attributes" VALUES(162,33,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(163,33,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(164,33,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "mec", "loss_options": {}, "epochs": 90, "recipe": "fast", "batch_size": 128, "lr": 0.0028985428569479315, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.07561026194463644, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.4803522011795388, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0028985428569479315, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(165,33,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(166,33,'distill.timing','{"table_seconds": 6.531860535000305, "context_seconds": 43.29220951670625, "other_cores": 0.01507689324911459}');
INSERT INTO "trial_user_attributes" VALUES(167,33,'distill.mlflow_run','"76a38a99cc574fd8a732f6f8e52458f0"');
INSERT INTO "trial_user_attributes" VALUES(168,33,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9258860446510706, 0.9275702752322729]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9249612476637629, 0.930513243696512]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8918887070089749, 0.892275315085861]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9258860446510706, 0.9275702752322729]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9249612476637629, 0.930513243696512]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8918887070089749, 0.892275315085861]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.939129768557111, 0.925448366919603]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9378082231346182, 0.9284413648625854]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9017080137863958, 0.8949074703024995]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.939129768557111, 0.925448366919603]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9378082231346182, 0.9284413648625854]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9017080137863958, 0.8949074703024995]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(169,33,'distill.objectives.metrics','{"recall_at_1": 0.8828709819462792, "mean_cosine": 0.7055772542953491, "rel_norm_error": 0.27894169092178345, "english_cosine": 0.5813215498061142, "english_weighted_cosine": 0.9323933344102571, "context_loss": 1.0602881908416748, "heldout_token_cosine": 0.9209190355566134, "heldout_sentence_cosine": 0.9244998428997483, "heldout_similarity_spearman": 0.8948051635096679}');
INSERT INTO "trial_user_attributes" VALUES(170,34,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(171,34,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(172,34,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 32}, "loss": "mse", "loss_options": {}, "epochs": 76, "recipe": "fast", "batch_size": 1024, "lr": 0.0007731395259515546, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.17249954614648214, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.1616135656391181, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 900.0, "whole_word_lr": 0.0007731395259515546, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 5, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 600.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(173,34,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(174,34,'distill.timing','{"table_seconds": 7.259562957999151, "context_seconds": 57.844155249949836, "other_cores": 0.016819627456196994}');
INSERT INTO "trial_user_attributes" VALUES(175,35,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(176,35,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(177,35,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 32}, "loss": "mse", "loss_options": {}, "epochs": 82, "recipe": "fast", "batch_size": 128, "lr": 0.001047961537231698, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.17043117368854932, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.6829956167589869, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 900.0, "whole_word_lr": 0.001047961537231698, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 600.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(178,35,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(179,35,'distill.timing','{"table_seconds": 7.417377269001008, "context_seconds": 45.20313763332524, "other_cores": 0.016286143379484613}');
INSERT INTO "trial_user_attributes" VALUES(180,36,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(181,36,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(182,36,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 103, "recipe": "fast", "batch_size": 448, "lr": 0.008294794214845313, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.13825064727223196, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.28891631316693633, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.008294794214845313, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(183,36,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(184,36,'distill.timing','{"table_seconds": 5.189896651998424, "context_seconds": 45.919181866702274, "other_cores": 0.017565924945555287}');
INSERT INTO "trial_user_attributes" VALUES(185,36,'distill.mlflow_run','"94e91bb2091447958f09ef11b8e276d5"');
INSERT INTO "trial_user_attributes" VALUES(186,36,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9368999996692473, 0.9376945185722633]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9408191347265917, 0.9430527657251653]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9102047944591966, 0.9177085023079553]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9368999996692473, 0.9376945185722633]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9408191347265917, 0.9430527657251653]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9102047944591966, 0.9177085023079553]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9325296485459275, 0.9219999693362403]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9355214854718052, 0.9268144746877214]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8944163872122993, 0.8820021970289055]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9325296485459275, 0.9219999693362403]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9355214854718052, 0.9268144746877214]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8944163872122993, 0.8820021970289055]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(187,36,'distill.objectives.metrics','{"recall_at_1": 0.9430952139010264, "mean_cosine": 0.754946231842041, "rel_norm_error": 0.17459143698215485, "english_cosine": 0.5979492792141893, "english_weighted_cosine": 0.8790843009947686, "context_loss": 0.500861644744873, "heldout_token_cosine": 0.9296221751600182, "heldout_sentence_cosine": 0.9317753996832403, "heldout_similarity_spearman": 0.9034860543066009}');
INSERT INTO "trial_user_attributes" VALUES(188,37,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(189,37,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(190,37,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 89, "recipe": "fast", "batch_size": 960, "lr": 0.004331391679302398, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.049378509815446996, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5643125226093271, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.004331391679302398, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(191,37,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(192,37,'distill.timing','{"table_seconds": 5.887625370000023, "context_seconds": 53.98566756666696, "other_cores": 0.016092750261504807}');
INSERT INTO "trial_user_attributes" VALUES(193,38,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(194,38,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(195,38,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 97, "recipe": "fast", "batch_size": 512, "lr": 0.0005125260298871103, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.09533073402208907, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.1569439879417731, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0005125260298871103, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(196,38,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(197,38,'distill.timing','{"table_seconds": 5.450475343001017, "context_seconds": 48.700047216698295, "other_cores": 0.014549131330089875}');
INSERT INTO "trial_user_attributes" VALUES(198,39,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(199,39,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(200,39,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 102, "recipe": "fast", "batch_size": 768, "lr": 0.001102557369019302, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.06590069935767251, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.8622721083175988, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.001102557369019302, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(201,39,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(202,39,'distill.timing','{"table_seconds": 5.156288622001739, "context_seconds": 47.21605248335739, "other_cores": 0.015138089875867547}');
INSERT INTO "trial_user_attributes" VALUES(203,40,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(204,40,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(205,40,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "aec", "loss_options": {}, "epochs": 103, "recipe": "fast", "batch_size": 448, "lr": 0.0015289482525298057, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.008650693752071822, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.3433948170826177, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0015289482525298057, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(206,40,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(207,40,'distill.timing','{"table_seconds": 5.172339197000838, "context_seconds": 45.812704216647646, "other_cores": 0.015127450454778377}');
INSERT INTO "trial_user_attributes" VALUES(208,41,'distill.worker','"vm:22211"');
INSERT INTO "trial_user_attributes" VALUES(209,41,'distill.commit','"6c4fc94"');
INSERT INTO "trial_user_attributes" VALUES(210,41,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 96, "recipe": "fast", "batch_size": 512, "lr": 0.0024577929069857654, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1537878711794756, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.2627923540060586, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0024577929069857654, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(211,41,'distill.pace','{"table": 0.9764809059654584, "context": 1.0115430480942076}');
INSERT INTO "trial_user_attributes" VALUES(212,41,'distill.timing','{"table_seconds": 5.802576230998966, "context_seconds": 45.75480683336839, "other_cores": 0.016568729694681872}');
INSERT INTO "trial_user_attributes" VALUES(213,42,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(214,42,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 107, "recipe": "fast", "batch_size": 512, "lr": 0.0024577929069857654, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1537878711794756, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.2627923540060586, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0024577929069857654, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 8, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(215,42,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(216,42,'distill.timing','{"table_seconds": 4.77566305000073, "context_seconds": 43.70839904998623, "other_cores": 0.018807112883369486}');
INSERT INTO "trial_user_attributes" VALUES(217,42,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(218,42,'distill.mlflow_run','"229276f016bb4257a6e941568ff7b40b"');
INSERT INTO "trial_user_attributes" VALUES(219,42,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.952601602806601, 0.9530125463922364]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9574852287064117, 0.9582392356642837]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9380901633644448, 0.9387773624651293]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.952601602806601, 0.9530125463922364]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9574852287064117, 0.9582392356642837]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9380901633644448, 0.9387773624651293]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9432644918652063, 0.9342474963468074]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.946428933718064, 0.9399215765290834]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9140501720839016, 0.8987893874534844]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9432644918652063, 0.9342474963468074]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.946428933718064, 0.9399215765290834]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9140501720839016, 0.8987893874534844]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(220,42,'distill.objectives.metrics','{"recall_at_1": 0.9438065237272635, "mean_cosine": 0.7877820730209351, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.6242985360348688, "english_weighted_cosine": 0.889629263813006, "context_loss": 0.42552897334098816, "heldout_token_cosine": 0.9402279605139188, "heldout_sentence_cosine": 0.9413479071158114, "heldout_similarity_spearman": 0.9108626886163671}');
INSERT INTO "trial_user_attributes" VALUES(221,43,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(222,43,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(223,43,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 32}, "loss": "cosine", "loss_options": {}, "epochs": 85, "recipe": "fast", "batch_size": 768, "lr": 0.0032033562708162007, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.19213631534733433, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.359415102690253, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0032033562708162007, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(224,43,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(225,43,'distill.timing','{"table_seconds": 6.440284855001664, "context_seconds": 48.45288555006846, "other_cores": 0.015680701537167295}');
INSERT INTO "trial_user_attributes" VALUES(226,44,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(227,44,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(228,44,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 96, "recipe": "fast", "batch_size": 192, "lr": 0.003128039311130341, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.18878312403531827, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.07991678809297453, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.003128039311130341, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(229,44,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(230,44,'distill.timing','{"table_seconds": 5.813182641999447, "context_seconds": 41.54209845000878, "other_cores": 0.014221133531420706}');
INSERT INTO "trial_user_attributes" VALUES(231,44,'distill.mlflow_run','"d88ae92644324f97b816d07af09a8201"');
INSERT INTO "trial_user_attributes" VALUES(232,44,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.943465024341979, 0.9446171663115651]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9516490959575759, 0.9532214452690855]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.930857567699252, 0.9318262876737615]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.943465024341979, 0.9446171663115651]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9516490959575759, 0.9532214452690855]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.930857567699252, 0.9318262876737615]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9232292444871568, 0.912691168919363]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9305201689907345, 0.9209602969412486]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8826299346374673, 0.8714990420841493]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9232292444871568, 0.912691168919363]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9305201689907345, 0.9209602969412486]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8826299346374673, 0.8714990420841493]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(233,44,'distill.objectives.metrics','{"recall_at_1": 0.9677539545439149, "mean_cosine": 0.7923709750175476, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.6175556320851097, "english_weighted_cosine": 0.7984328562069635, "context_loss": 0.4515412449836731, "heldout_token_cosine": 0.9211398096341603, "heldout_sentence_cosine": 0.9284983391121597, "heldout_similarity_spearman": 0.89422474326545}');
INSERT INTO "trial_user_attributes" VALUES(234,45,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(235,45,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(236,45,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 94, "recipe": "fast", "batch_size": 192, "lr": 0.0010891820403622899, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.018958752584528876, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.35770928750883263, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0010891820403622899, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(237,45,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(238,45,'distill.timing','{"table_seconds": 5.806805533000443, "context_seconds": 44.13264150001244, "other_cores": 0.01755330881139067}');
INSERT INTO "trial_user_attributes" VALUES(239,45,'distill.mlflow_run','"200ef455f5384056a286eee2c06d573f"');
INSERT INTO "trial_user_attributes" VALUES(240,45,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9438174943360849, 0.9450509739842028]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9467039487907581, 0.9493611209477892]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.918883310541714, 0.9236874036716503]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9438174943360849, 0.9450509739842028]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9467039487907581, 0.9493611209477892]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.918883310541714, 0.9236874036716503]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9382306955833091, 0.9277935989777722]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9399574177656876, 0.9322549685317937]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9084059115033731, 0.8942076026819418]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9382306955833091, 0.9277935989777722]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9399574177656876, 0.9322549685317937]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9084059115033731, 0.8942076026819418]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(241,45,'distill.objectives.metrics','{"recall_at_1": 0.9280222199640958, "mean_cosine": 0.7592962384223938, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.608213607323434, "english_weighted_cosine": 0.8999937894362082, "context_loss": 0.447231650352478, "heldout_token_cosine": 0.938107291032828, "heldout_sentence_cosine": 0.9383478336039466, "heldout_similarity_spearman": 0.9105577129007788}');
INSERT INTO "trial_user_attributes" VALUES(242,46,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(243,46,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(244,46,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "aec", "loss_options": {}, "epochs": 96, "recipe": "fast", "batch_size": 256, "lr": 0.001486420260842104, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1501287915384072, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.26919092194512584, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.001486420260842104, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(245,46,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(246,46,'distill.timing','{"table_seconds": 5.670582225000544, "context_seconds": 43.932239716620344, "other_cores": 0.019106595743828416}');
INSERT INTO "trial_user_attributes" VALUES(247,47,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(248,47,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(249,47,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 84, "recipe": "fast", "batch_size": 192, "lr": 0.0015388894023664838, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.005489960158614568, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.6136440564584246, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0015388894023664838, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(250,47,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(251,47,'distill.timing','{"table_seconds": 6.761702172996593, "context_seconds": 46.536447799978006, "other_cores": 0.018044875548408758}');
INSERT INTO "trial_user_attributes" VALUES(252,48,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(253,48,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(254,48,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 100, "recipe": "fast", "batch_size": 576, "lr": 0.007050188985456156, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1510211667227878, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.0702647613097794, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.007050188985456156, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(255,48,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(256,48,'distill.timing','{"table_seconds": 5.161161538999295, "context_seconds": 46.57382454994756, "other_cores": 0.018143531636862463}');
INSERT INTO "trial_user_attributes" VALUES(257,48,'distill.mlflow_run','"7ee328036feb43f79302d2bf6c2ab1b6"');
INSERT INTO "trial_user_attributes" VALUES(258,48,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9293481066593478, 0.9311071843145655]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.939108617728509, 0.9400763602545545]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.906935223763554, 0.9138975361911053]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9293481066593478, 0.9311071843145655]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.939108617728509, 0.9400763602545545]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.906935223763554, 0.9138975361911053]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9059191196747919, 0.8934631054568453]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9150057282793315, 0.9009679883385738]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8634734600513384, 0.8342638661416948]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9059191196747919, 0.8934631054568453]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9150057282793315, 0.9009679883385738]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8634734600513384, 0.8342638661416948]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(259,48,'distill.objectives.metrics','{"recall_at_1": 0.9647054838600413, "mean_cosine": 0.7641075849533081, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.5968876495306202, "english_weighted_cosine": 0.7691161000548201, "context_loss": 0.4991942346096039, "heldout_token_cosine": 0.9029443223057975, "heldout_sentence_cosine": 0.910631629653569, "heldout_similarity_spearman": 0.8729241075983564}');
INSERT INTO "trial_user_attributes" VALUES(260,49,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(261,49,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(262,49,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 99, "recipe": "fast", "batch_size": 448, "lr": 0.0009406107488428153, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05566768278520594, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5833926569188467, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0009406107488428153, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(263,49,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(264,49,'distill.timing','{"table_seconds": 5.1284246610011905, "context_seconds": 48.411540483357385, "other_cores": 0.020387561539948758}');
INSERT INTO "trial_user_attributes" VALUES(265,50,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(266,50,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(267,50,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 94, "recipe": "fast", "batch_size": 384, "lr": 0.003879750189558973, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.10028836526555907, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.41931355905133244, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.003879750189558973, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(268,50,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(269,50,'distill.timing','{"table_seconds": 5.5570063539998955, "context_seconds": 47.60876361676007, "other_cores": 0.020324552307549704}');
INSERT INTO "trial_user_attributes" VALUES(270,51,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(271,51,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(272,51,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 95, "recipe": "fast", "batch_size": 256, "lr": 0.005482729322003418, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.18198139900789095, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.6901204308098706, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.005482729322003418, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(273,51,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(274,51,'distill.timing','{"table_seconds": 5.65484249000292, "context_seconds": 45.45525606663432, "other_cores": 0.018857291267242733}');
INSERT INTO "trial_user_attributes" VALUES(275,52,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(276,52,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(277,52,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 93, "recipe": "fast", "batch_size": 256, "lr": 0.0007509409192516381, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.03423017508135478, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.22631202691269223, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0007509409192516381, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(278,52,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(279,52,'distill.timing','{"table_seconds": 5.937061242002528, "context_seconds": 44.21515263335702, "other_cores": 0.02052428601907857}');
INSERT INTO "trial_user_attributes" VALUES(280,53,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(281,53,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(282,53,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 81, "recipe": "fast", "batch_size": 128, "lr": 0.0010587598978596508, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.036317474405892516, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5419538196286006, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0010587598978596508, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(283,53,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(284,53,'distill.timing','{"table_seconds": 7.297273286996642, "context_seconds": 43.06249074991986, "other_cores": 0.017933773149606768}');
INSERT INTO "trial_user_attributes" VALUES(285,54,'distill.worker','"vm:11309"');
INSERT INTO "trial_user_attributes" VALUES(286,54,'distill.commit','"29da024"');
INSERT INTO "trial_user_attributes" VALUES(287,54,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 91, "recipe": "fast", "batch_size": 576, "lr": 0.0023772192198343437, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.14847095418366899, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.3200226982658113, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0023772192198343437, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(288,54,'distill.pace','{"table": 0.9349705642791944, "context": 1.0099257790066147}');
INSERT INTO "trial_user_attributes" VALUES(289,54,'distill.timing','{"table_seconds": 5.801696496004297, "context_seconds": 48.95780951665074, "other_cores": 0.020898869344264662}');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(25,28,0,9.48085210894526131397e-01,'FINITE');
INSERT INTO "trial_values" VALUES(26,30,0,1.73628937276409545109e-01,'FINITE');
INSERT INTO "trial_values" VALUES(27,32,0,9.26571762520502328897e-01,'FINITE');
INSERT INTO "trial_values" VALUES(28,33,0,9.27737245680137379011e-01,'FINITE');
INSERT INTO "trial_values" VALUES(29,34,0,1.74117177724838256835e-01,'FINITE');
INSERT INTO "trial_values" VALUES(30,35,0,2.65871733427047729492e-01,'FINITE');
INSERT INTO "trial_values" VALUES(31,36,0,9.31167980079763313305e-01,'FINITE');
INSERT INTO "trial_values" VALUES(32,37,0,0.665529191493988,'FINITE');
INSERT INTO "trial_values" VALUES(33,38,0,3.33027631044387817382e-01,'FINITE');
INSERT INTO "trial_values" VALUES(34,39,0,2.39290148019790649414e-01,'FINITE');
INSERT INTO "trial_values" VALUES(35,40,0,3.41386735439300537109e-01,'FINITE');
INSERT INTO "trial_values" VALUES(36,42,0,9.43175255123573696991e-01,'FINITE');
INSERT INTO "trial_values" VALUES(37,43,0,5.79858899116516113281e-01,'FINITE');
INSERT INTO "trial_values" VALUES(38,44,0,9.25740232965991616254e-01,'FINITE');
INSERT INTO "trial_values" VALUES(39,45,0,9.36106193148740661769e-01,'FINITE');
INSERT INTO "trial_values" VALUES(40,46,0,3.60185265541076660156e-01,'FINITE');
INSERT INTO "trial_values" VALUES(41,47,0,6.93771103397011756896e-03,'FINITE');
INSERT INTO "trial_values" VALUES(42,48,0,9.07986858308952649032e-01,'FINITE');
INSERT INTO "trial_values" VALUES(43,49,0,3.8308581709861755371e-01,'FINITE');
INSERT INTO "trial_values" VALUES(44,50,0,6.52121126651763916015e-01,'FINITE');
INSERT INTO "trial_values" VALUES(45,51,0,5.35930454730987548828e-01,'FINITE');
INSERT INTO "trial_values" VALUES(46,52,0,4.46408182382583618164e-01,'FINITE');
INSERT INTO "trial_values" VALUES(47,53,0,5.72673022747039794921e-01,'FINITE');
INSERT INTO "trial_values" VALUES(48,54,0,4.9545624852180480957e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(28,0,2,'COMPLETE','2026-12-05 14:19:05.496021','2026-12-05 14:52:52.850237');
INSERT INTO "trials" VALUES(29,1,2,'FAIL','2026-12-05 14:52:53.760632','2026-12-05 15:12:28.195794');
INSERT INTO "trials" VALUES(30,2,2,'COMPLETE','2026-12-05 15:12:28.249663','2026-12-05 15:45:24.762183');
INSERT INTO "trials" VALUES(31,3,2,'FAIL','2026-12-05 15:45:25.747231','2026-12-05 16:16:30.495186');
INSERT INTO "trials" VALUES(32,4,2,'COMPLETE','2026-12-05 16:16:30.566648','2026-12-05 16:35:47.553800');
INSERT INTO "trials" VALUES(33,5,2,'COMPLETE','2026-12-05 16:35:48.533577','2026-12-05 16:56:53.906857');
INSERT INTO "trials" VALUES(34,6,2,'PRUNED','2026-12-05 16:56:54.523772','2026-12-05 17:00:18.625246');
INSERT INTO "trials" VALUES(35,7,2,'PRUNED','2026-12-05 17:00:19.370579','2026-12-05 17:03:43.189543');
INSERT INTO "trials" VALUES(36,8,2,'COMPLETE','2026-12-05 17:03:43.959456','2026-12-05 17:35:04.268043');
INSERT INTO "trials" VALUES(37,9,2,'PRUNED','2026-12-05 17:35:04.881526','2026-12-05 17:41:27.456928');
INSERT INTO "trials" VALUES(38,10,2,'PRUNED','2026-12-05 17:41:28.215318','2026-12-05 17:43:34.495830');
INSERT INTO "trials" VALUES(39,11,2,'PRUNED','2026-12-05 17:43:35.236594','2026-12-05 17:45:40.922706');
INSERT INTO "trials" VALUES(40,12,2,'PRUNED','2026-12-05 17:45:41.711489','2026-12-05 17:47:46.305973');
INSERT INTO "trials" VALUES(41,13,2,'FAIL','2026-12-05 17:47:47.041654','2026-12-05 18:14:13.917981');
INSERT INTO "trials" VALUES(42,14,2,'COMPLETE','2026-12-05 18:14:13.973492','2026-12-05 18:36:47.423012');
INSERT INTO "trials" VALUES(43,15,2,'PRUNED','2026-12-05 18:36:48.397095','2026-12-05 18:40:36.668195');
INSERT INTO "trials" VALUES(44,16,2,'COMPLETE','2026-12-05 18:40:37.386373','2026-12-05 19:00:49.210411');
INSERT INTO "trials" VALUES(45,17,2,'COMPLETE','2026-12-05 19:00:49.804773','2026-12-05 19:21:28.425428');
INSERT INTO "trials" VALUES(46,18,2,'PRUNED','2026-12-05 19:21:29.019937','2026-12-05 19:24:22.658842');
INSERT INTO "trials" VALUES(47,19,2,'PRUNED','2026-12-05 19:24:23.423347','2026-12-05 19:26:42.947447');
INSERT INTO "trials" VALUES(48,20,2,'COMPLETE','2026-12-05 19:26:43.680049','2026-12-05 19:46:52.044116');
INSERT INTO "trials" VALUES(49,21,2,'PRUNED','2026-12-05 19:46:52.679956','2026-12-05 19:49:01.634217');
INSERT INTO "trials" VALUES(50,22,2,'PRUNED','2026-12-05 19:49:02.564541','2026-12-05 19:53:14.015702');
INSERT INTO "trials" VALUES(51,23,2,'PRUNED','2026-12-05 19:53:14.851721','2026-12-05 19:56:48.674596');
INSERT INTO "trials" VALUES(52,24,2,'PRUNED','2026-12-05 19:56:49.585093','2026-12-05 19:59:09.211051');
INSERT INTO "trials" VALUES(53,25,2,'PRUNED','2026-12-05 19:59:09.999270','2026-12-05 20:02:20.250997');
INSERT INTO "trials" VALUES(54,26,2,'PRUNED','2026-12-05 20:02:21.019825','2026-12-05 20:05:13.477947');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'5.1.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
