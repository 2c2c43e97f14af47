-- The Optuna study students-bytescnn of `distill sweep --config students-bytescnn --carry docs/studies/students-bytescnn.sql --results RESULTS.md`, as SQL: its SQLite database, every trial's
-- parameters, configuration, learning curve and scores (its MLflow runs are not kept). The same command
-- resumes it on any machine: it builds the study database from this file where the database does
-- not exist yet, and rewrites this file after every trial.
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
INSERT INTO "studies" VALUES(1,'students-retvec');
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
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
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
INSERT INTO "study_user_attributes" VALUES(1,1,'distill.spec','"0cf50ef8351d98cf"');
INSERT INTO "study_user_attributes" VALUES(2,1,'distill.source','"/work/main/sweeps/students-retvec.yaml"');
INSERT INTO "study_user_attributes" VALUES(3,1,'distill.trial_time','{"seconds": 900.0, "fill": true}');
INSERT INTO "study_user_attributes" VALUES(4,1,'distill.mlflow_parent_run','"a2553b9017a14ad6af285e47a5b5c847"');
INSERT INTO "study_user_attributes" VALUES(5,1,'distill.reference_epochs','{"table": 3.4719511760004025, "context": 47.431362233335975, "cpu": "AMD EPYC", "device": "cpu", "date": "2026-12-05", "commit": "406e02e"}');
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
INSERT INTO "trial_heartbeats" VALUES(1,1,'2026-12-05 09:40:24.000000');
INSERT INTO "trial_heartbeats" VALUES(2,2,'2026-12-05 09:44:48.000000');
INSERT INTO "trial_heartbeats" VALUES(3,3,'2026-12-05 10:18:55.000000');
INSERT INTO "trial_heartbeats" VALUES(4,4,'2026-12-05 10:38:25.000000');
INSERT INTO "trial_heartbeats" VALUES(5,5,'2026-12-05 10:57:42.000000');
INSERT INTO "trial_heartbeats" VALUES(6,6,'2026-12-05 11:09:53.000000');
INSERT INTO "trial_heartbeats" VALUES(7,7,'2026-12-05 11:11:10.000000');
INSERT INTO "trial_heartbeats" VALUES(8,8,'2026-12-05 11:32:41.000000');
INSERT INTO "trial_heartbeats" VALUES(9,9,'2026-12-05 11:38:48.000000');
INSERT INTO "trial_heartbeats" VALUES(10,10,'2026-12-05 11:50:05.000000');
INSERT INTO "trial_heartbeats" VALUES(11,11,'2026-12-05 11:51:29.000000');
INSERT INTO "trial_heartbeats" VALUES(12,12,'2026-12-05 11:54:38.000000');
INSERT INTO "trial_heartbeats" VALUES(13,13,'2026-12-05 11:56:44.000000');
INSERT INTO "trial_heartbeats" VALUES(14,14,'2026-12-05 11:57:28.000000');
INSERT INTO "trial_heartbeats" VALUES(15,15,'2026-12-05 12:11:55.000000');
INSERT INTO "trial_heartbeats" VALUES(16,16,'2026-12-05 12:13:49.000000');
INSERT INTO "trial_heartbeats" VALUES(17,17,'2026-12-05 12:15:59.000000');
INSERT INTO "trial_heartbeats" VALUES(18,18,'2026-12-05 12:54:30.000000');
INSERT INTO "trial_heartbeats" VALUES(19,19,'2026-12-05 12:54:31');
INSERT INTO "trial_heartbeats" VALUES(20,20,'2026-12-05 13:17:13.000000');
INSERT INTO "trial_heartbeats" VALUES(21,21,'2026-12-05 13:30:46.000000');
INSERT INTO "trial_heartbeats" VALUES(22,22,'2026-12-05 13:34:14.000000');
INSERT INTO "trial_heartbeats" VALUES(23,23,'2026-12-05 13:35:32.000000');
INSERT INTO "trial_heartbeats" VALUES(24,24,'2026-12-05 13:55:32.000000');
INSERT INTO "trial_heartbeats" VALUES(25,25,'2026-12-05 14:14:56.000000');
INSERT INTO "trial_heartbeats" VALUES(26,26,'2026-12-05 14:16:37.000000');
INSERT INTO "trial_heartbeats" VALUES(27,27,'2026-12-05 14:18:15.000000');
INSERT INTO "trial_heartbeats" VALUES(28,28,'2026-12-05 14:52:37.000000');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,5,2.36075684428215026855e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,10,4.0550518035888671875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,15,5.38052976131439208984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,20,6.03436112403869628906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,25,6.42406046390533447265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,30,6.70245707035064697265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,35,6.90904915332794189453e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,40,7.07589924335479736328e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,45,7.21472918987274169921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,50,7.34606027603149414062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,55,7.45836019515991210937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,60,7.55935132503509521484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,65,7.6650530099868774414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,70,7.75132060050964355468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,75,7.82875359058380126953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,80,7.90076136589050292968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,85,7.96612083911895751953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,90,8.01867723464965820312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,95,8.06279003620147705078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,100,0.80974942445755,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,1,105,8.12260568141937255859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,1,110,8.14033091068267822265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,1,115,8.15124452114105224609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,1,120,8.15689623355865478515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,1,125,8.15871059894561767578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,1,127,8.15876543521881103515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,1,130,7.90069222450256347656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,1,135,7.99117684364318847656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,1,136,7.99298167228698730468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,5,-3.04803252220153808593e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,10,-3.20103429257869720458e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,15,-4.5624427497386932373e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,20,-4.17701825499534606933e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,25,-3.62684205174446105957e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,30,-4.02061380445957183837e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,35,-0.0343778170645237,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,3,5,1.98055163025856018066e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,3,10,2.18148440122604370117e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,3,15,2.42503330111503601074e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,3,20,2.71923929452896118164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,25,3.24183762073516845703e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,30,3.72396558523178100585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,3,35,4.13113921880722045898e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,3,40,4.39609885215759277343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,3,45,4.63154971599578857421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,3,50,0.478595495223999,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,3,55,4.9123483896255493164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,3,60,4.99289304018020629882e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,3,65,0.506055474281311,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,3,70,5.10344862937927246093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,3,75,5.11584877967834472656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,3,80,5.12287497520446777343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,3,82,5.12281894683837890625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,3,85,4.45645034313201904296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,3,88,4.56528484821319580078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,4,5,-3.77918407320976257324e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,4,10,-4.93615642189979553222e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,4,15,-4.91664297878742218017e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,4,20,-3.42115759849548339843e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,4,25,-4.6361878514289855957e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,30,-5.64109385013580322265e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,35,-5.4316952824592590332e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,4,40,-5.13622835278511047363e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,4,45,-4.94880527257919311523e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,4,50,-4.63514216244220733642e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,4,55,-4.3926324695348739624e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,4,60,-3.80931869149208068847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,4,65,-4.49561439454555511474e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,4,70,-3.82463000714778900146e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,4,75,-3.63859646022319793701e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,4,80,-0.0336296372115612,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,4,85,-3.34866084158420562744e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,4,90,-3.59021387994289398193e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,4,95,-3.35477553308010101318e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,4,100,-3.2844800502061843872e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,4,105,-3.30014899373054504394e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,4,110,-2.13440340012311935424e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,4,112,-2.14159283787012100219e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,5,5,-4.92352209985256195068e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,5,10,-1.13513534888625144958e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,5,15,1.1452867649495601654e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,5,20,7.35465716570615768432e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,5,25,1.24692339450120925903e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,5,30,1.41717167571187019348e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,5,35,2.00327541679143905639e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,5,40,1.30358478054404258728e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,5,45,2.63559408485889434814e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,5,50,0.0346454456448555,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,5,55,2.90050115436315536499e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,5,60,3.07480506598949432373e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,5,65,4.61462326347827911376e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,5,70,4.3953284621238708496e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,5,75,4.13803420960903167724e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,5,80,4.12450842559337615966e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,5,85,4.20653671026229858398e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,5,90,4.29209843277931213378e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,5,95,0.042428158223629,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,5,100,4.58243452012538909912e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,5,105,4.56917807459831237792e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,5,107,4.5683901757001876831e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,5,110,5.57224899530410766601e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,5,115,5.5950075387954711914e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,6,5,2.07368820905685424804e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,6,10,2.23197460174560546875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,6,15,2.37697988748550415039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,6,20,2.52351969480514526367e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,6,25,2.74045795202255249023e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,6,30,3.0562457442283630371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,6,35,3.45483303070068359375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,6,40,3.88060152530670166015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,6,45,0.428055077791214,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,6,50,4.60745304822921752929e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,6,55,4.85413908958435058593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,6,60,5.06637156009674072265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,6,65,5.22826910018920898437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,6,70,5.36862552165985107421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,6,75,0.548460066318512,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,6,80,5.57345211505889892578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,6,85,5.64533114433288574218e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,6,90,5.70602655410766601562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,6,95,0.575482189655304,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,6,100,5.79440057277679443359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,6,105,5.82119643688201904296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,6,110,5.84327936172485351562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,6,115,5.85393846035003662109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,6,120,5.85960984230041503906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,7,5,-1.08774821273982524871e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,7,10,-3.45057249069213867187e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,8,5,1.89207121729850769042e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,8,10,2.12449103593826293945e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,8,15,2.26678088307380676269e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,8,20,2.49842748045921325683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,8,25,2.91339516639709472656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,8,30,3.64841252565383911132e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,8,35,4.30036008358001708984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,8,40,4.76534307003021240234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,8,45,5.10277926921844482421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,8,50,5.36226153373718261718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,8,55,5.56092917919158935546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,8,60,5.7284832000732421875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,8,65,5.85471570491790771484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,8,70,5.95947086811065673828e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,8,75,6.03595197200775146484e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,8,80,6.09311997890472412109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,8,85,6.13499879837036132812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,8,90,6.16094827651977539062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,8,95,6.17312252521514892578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,8,100,6.17691814899444580078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,8,102,6.1769866943359375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,8,105,5.70745408535003662109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,8,109,5.84133684635162353515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,9,5,2.53801226615905761718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,9,10,4.14064347743988037109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,9,15,4.83893185853958129882e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,9,20,5.01848816871643066406e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,9,25,5.00336110591888427734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,9,30,4.85084652900695800781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,9,35,4.6642971038818359375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,9,40,4.51765149831771850585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,9,45,4.45092141628265380859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,9,50,4.44396793842315673828e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,9,55,4.46313768625259399414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,9,60,4.523868560791015625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,9,65,4.58686411380767822265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,10,5,2.49821066856384277343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,10,10,3.13161790370941162109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,10,15,4.32803124189376831054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,10,20,0.534426748752594,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,10,25,5.98517358303070068359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,10,30,6.39996469020843505859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,10,35,6.69182717800140380859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,10,40,6.91160082817077636718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,10,45,7.0863628387451171875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,10,50,7.23332703113555908203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,10,55,7.35111832618713378906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,10,60,0.746428370475769,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,10,65,7.55907893180847167968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,10,70,7.6409345865249633789e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,10,75,0.770923376083374,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,10,80,7.77832388877868652343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,10,85,0.783559262752533,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,10,90,7.88576543331146240234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,10,95,7.92729616165161132812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,10,100,0.796369194984436,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,10,105,7.99123704433441162109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,10,110,8.01304996013641357421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,10,115,8.02747666835784912109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,10,120,8.03682088851928710937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,11,5,1.53510719537734985351e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,11,10,2.04986065626144409179e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,12,5,2.71833300590515136718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,12,10,3.23305010795593261718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,12,15,3.59014779329299926757e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,12,20,3.62821042537689208984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,12,25,0.352992981672287,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,12,30,3.46340417861938476562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,13,5,1.60742878913879394531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,13,10,1.82826951146125793457e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,15,5,1.16973549127578735351e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,15,10,1.49879530072212219238e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,16,5,1.84067413210868835449e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,16,10,-3.78491939045488834381e-03,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,17,5,1.8051815032958984375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,17,10,2.08933874964714050292e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,18,5,2.75655895471572875976e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,18,10,4.46121305227279663085e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,18,15,5.58820843696594238281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,18,20,6.20878934860229492187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,18,25,6.60463869571685791015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,18,30,6.89562082290649414062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,18,35,0.71165531873703,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,18,40,7.29557275772094726562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,18,45,7.44185924530029296875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,18,50,0.756499171257019,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,18,55,7.67152428627014160156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,18,60,7.75278449058532714843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,18,65,7.81980693340301513671e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,18,70,7.87095189094543457031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,18,75,7.90491580963134765625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,18,80,7.92567193508148193359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(221,18,85,7.93515980243682861328e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(222,18,90,7.93700695037841796875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(223,18,95,7.7079677581787109375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(224,18,96,7.71375000476837158203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(225,20,5,2.71328270435333251953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(226,20,10,4.79116350412368774414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(227,20,15,5.79416692256927490234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(228,20,20,6.31486773490905761718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(229,20,25,6.65181994438171386718e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(230,20,30,6.90949976444244384765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(231,20,35,0.71235591173172,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(232,20,40,7.30960011482238769531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(233,20,45,7.47520565986633300781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(234,20,50,0.761684775352478,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(235,20,55,7.73717582225799560546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(236,20,60,7.8311824798583984375e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(237,20,65,7.89956986904144287109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(238,20,70,7.94461011886596679687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(239,20,75,7.96876251697540283203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(240,20,80,7.9778200387954711914e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(241,20,83,7.9784780740737915039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(242,20,85,0.775817334651947,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(243,20,89,0.782050609588623,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(244,21,5,2.14967489242553710937e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(245,21,10,2.66410499811172485351e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(246,21,15,3.38932901620864868164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(247,21,20,4.1078859567642211914e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(248,21,25,4.62217301130294799804e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(249,21,30,4.98987942934036254882e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(250,21,35,0.526091456413269,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(251,21,40,5.4633623361587524414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(252,21,45,5.61542749404907226562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(253,21,50,5.73670685291290283203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(254,21,55,5.8254534006118774414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(255,21,60,5.88985204696655273437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(256,21,65,5.93288898468017578125e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(257,21,70,0.595635175704956,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(258,22,5,2.31714367866516113281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(259,22,10,1.22253336012363433837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(260,22,15,1.21009513735771179199e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(261,23,5,1.86385780572891235351e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(262,23,10,2.17794150114059448242e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(263,24,5,2.2596886754035949707e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(264,24,10,3.92949789762496948242e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(265,24,15,4.90473926067352294921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(266,24,20,5.31817197799682617187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(267,24,25,0.551803708076477,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(268,24,30,5.65527677536010742187e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(269,24,35,5.76442360877990722656e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(270,24,40,5.86840867996215820312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(271,24,45,5.96299052238464355468e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(272,24,50,6.06979131698608398437e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(273,24,55,6.19648754596710205078e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(274,24,60,6.33270442485809326171e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(275,24,65,6.481304168701171875e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(276,24,70,6.62595689296722412109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(277,24,75,6.76618397235870361328e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(278,24,80,6.8897825479507446289e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(279,24,85,6.99947893619537353515e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(280,24,90,7.08359003067016601562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(281,24,95,7.13673532009124755859e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(282,24,100,7.16639876365661621093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(283,24,105,7.17611432075500488281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(284,24,108,7.17688441276550292968e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(285,24,110,7.0488268136978149414e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(286,24,115,7.04838156700134277343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(287,24,116,7.04954802989959716796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(288,25,5,3.14692646265029907226e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(289,25,10,4.90143477916717529296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(290,25,15,5.81006705760955810546e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(291,25,20,6.30052685737609863281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(292,25,25,6.61681294441223144531e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(293,25,30,6.87326908111572265625e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(294,25,35,7.05717325210571289062e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(295,25,40,7.22662270069122314453e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(296,25,45,7.36545920372009277343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(297,25,50,7.48395383358001708984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(298,25,55,7.5857454538345336914e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(299,25,60,7.66737878322601318359e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(300,25,65,7.7335745096206665039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(301,25,70,7.77835130691528320312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(302,25,75,7.8079420328140258789e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(303,25,80,7.82210528850555419921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(304,25,85,0.782565176486969,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(305,25,86,0.78256756067276,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(306,25,90,7.60583519935607910156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(307,25,92,7.62834191322326660156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(308,26,5,2.268088608980178833e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(309,26,10,3.40072572231292724609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(310,27,5,2.37886533141136169433e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(311,27,10,2.59061902761459350585e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',0.002,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'warmup_fraction',0.05,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(3,1,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(4,1,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(5,1,'frequency_exponent',0.5,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(6,1,'student_options.spatial_dropout',0.0,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(7,2,'lr',2.31517731716628745106e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(8,2,'warmup_fraction',1.2286823447372639817e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(9,2,'batch_size',384.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(10,2,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(11,2,'frequency_exponent',7.77355787624039451522e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(12,2,'student_options.spatial_dropout',1.02250390174715710678e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(13,3,'lr',1.69654773275282170792e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(14,3,'warmup_fraction',0.0961797884928583,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(15,3,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(16,3,'loss',6.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(17,3,'frequency_exponent',4.88432187056778932543e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(18,3,'student_options.spatial_dropout',1.11729177075292548937e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(19,4,'lr',2.31517731716628745106e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(20,4,'warmup_fraction',1.2286823447372639817e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(21,4,'batch_size',384.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(22,4,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(23,4,'frequency_exponent',7.77355787624039451522e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(24,4,'student_options.spatial_dropout',1.02250390174715710678e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(25,5,'lr',5.07713016962110558379e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(26,5,'warmup_fraction',4.75368676250806088123e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(27,5,'batch_size',832.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(28,5,'loss',4.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(29,5,'frequency_exponent',0.594893183721371,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(30,5,'student_options.spatial_dropout',9.31057795757281869697e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(31,6,'lr',6.02496807041456665897e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(32,6,'warmup_fraction',8.80651955278505815805e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(33,6,'batch_size',704.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(34,6,'loss',6.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(35,6,'frequency_exponent',2.72597729805711175288e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(36,6,'student_options.spatial_dropout',0.0879052176147902,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(37,7,'lr',7.65557633010639955462e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(38,7,'warmup_fraction',4.81524412620494071668e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(39,7,'batch_size',320.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(40,7,'loss',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(41,7,'frequency_exponent',2.56586371662204881793e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(42,7,'student_options.spatial_dropout',6.96074499050258893584e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(43,8,'lr',3.23736164945193712234e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(44,8,'warmup_fraction',1.88147956891597023521e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(45,8,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(46,8,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(47,8,'frequency_exponent',5.89556986146556938344e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(48,8,'student_options.spatial_dropout',3.04201094239110701733e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(49,9,'lr',6.81334083544223468448e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(50,9,'warmup_fraction',5.968216152451694817e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(51,9,'batch_size',576.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(52,9,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(53,9,'frequency_exponent',5.18942922554413210711e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(54,9,'student_options.spatial_dropout',8.72194589916637161297e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(55,10,'lr',1.44170977116357505731e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(56,10,'warmup_fraction',4.59034734061421409445e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(57,10,'batch_size',320.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(58,10,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(59,10,'frequency_exponent',7.84509362899715179118e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(60,10,'student_options.spatial_dropout',4.7058502897962387057e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(61,11,'lr',1.19642939134671983433e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(62,11,'warmup_fraction',1.90291150641792083941e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(63,11,'batch_size',832.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(64,11,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(65,11,'frequency_exponent',3.94076918266971498727e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(66,11,'student_options.spatial_dropout',1.04151691764328174771e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(67,12,'lr',8.72804107841987711347e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(68,12,'warmup_fraction',1.30889457796555599977e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(69,12,'batch_size',768.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(70,12,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(71,12,'frequency_exponent',5.99241882496529543189e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(72,12,'student_options.spatial_dropout',9.92524733672476601464e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(73,13,'lr',5.00201511461143217066e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(74,13,'warmup_fraction',1.6930549400477631905e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(75,13,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(76,13,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(77,13,'frequency_exponent',7.50682753810674840977e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(78,13,'student_options.spatial_dropout',2.90879486563313319202e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(79,14,'lr',1.15871514400179220164e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(80,14,'warmup_fraction',1.9823007009994980665e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(81,14,'batch_size',448.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(82,14,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(83,14,'frequency_exponent',8.35676269179702502221e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(84,14,'student_options.spatial_dropout',2.58887210130422720788e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(85,15,'lr',1.15871514400179220164e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(86,15,'warmup_fraction',1.9823007009994980665e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(87,15,'batch_size',448.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(88,15,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(89,15,'frequency_exponent',8.35676269179702502221e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(90,15,'student_options.spatial_dropout',2.58887210130422720788e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(91,16,'lr',7.15599282707138264342e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(92,16,'warmup_fraction',1.15885761689592817202e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(93,16,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(94,16,'loss',3.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(95,16,'frequency_exponent',4.90938420936833597174e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(96,16,'student_options.spatial_dropout',1.19929697666738659111e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(97,17,'lr',1.37777861092995904113e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(98,17,'warmup_fraction',1.30313187141335634633e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(99,17,'batch_size',320.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(100,17,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(101,17,'frequency_exponent',5.20930549627089289899e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(102,17,'student_options.spatial_dropout',5.80985788986152149049e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(103,18,'lr',6.16081760020017717496e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(104,18,'warmup_fraction',2.0052298257248742791e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(105,18,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(106,18,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(107,18,'frequency_exponent',3.56240702147892718265e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(108,18,'student_options.spatial_dropout',9.56593246473989855527e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(109,19,'lr',1.92214097354982677142e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(110,19,'warmup_fraction',6.23377932887379457294e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(111,19,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(112,19,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(113,19,'frequency_exponent',5.6863578137675085955e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(114,19,'student_options.spatial_dropout',6.8094408085030994765e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(115,20,'lr',1.11247837643861841906e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(116,20,'warmup_fraction',5.37703747323946268377e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(117,20,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(118,20,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(119,20,'frequency_exponent',4.34426436537183546793e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(120,20,'student_options.spatial_dropout',5.21690799872496363542e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(121,21,'lr',1.92214097354982677142e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(122,21,'warmup_fraction',6.23377932887379457294e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(123,21,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(124,21,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(125,21,'frequency_exponent',5.6863578137675085955e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(126,21,'student_options.spatial_dropout',6.8094408085030994765e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(127,22,'lr',6.79106850393636218843e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(128,22,'warmup_fraction',8.53422293586353769567e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(129,22,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(130,22,'loss',6.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(131,22,'frequency_exponent',2.18627687965718020546e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(132,22,'student_options.spatial_dropout',1.54497398872908281441e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(133,23,'lr',7.83985380356284292796e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(134,23,'warmup_fraction',7.67648884132171721583e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(135,23,'batch_size',320.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(136,23,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(137,23,'frequency_exponent',6.5786287642433671774e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(138,23,'student_options.spatial_dropout',7.68303249006502785023e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(139,24,'lr',2.56256707040949851389e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(140,24,'warmup_fraction',1.14533595855173739308e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(141,24,'batch_size',128.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(142,24,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(143,24,'frequency_exponent',5.75484359335906692223e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(144,24,'student_options.spatial_dropout',2.02699466112052292809e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(145,25,'lr',8.23227041968278296611e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(146,25,'warmup_fraction',1.00262078199946265411e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(147,25,'batch_size',64.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(148,25,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(149,25,'frequency_exponent',3.19656215680576172299e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(150,25,'student_options.spatial_dropout',2.2677941131326984081e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(151,26,'lr',8.04319396661041206841e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(152,26,'warmup_fraction',3.11200831155811208361e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(153,26,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(154,26,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(155,26,'frequency_exponent',5.75669627657942273302e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(156,26,'student_options.spatial_dropout',3.27375952394264591038e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(157,27,'lr',3.25276433101366287993e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(158,27,'warmup_fraction',4.69133774833869615639e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(159,27,'batch_size',192.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(160,27,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(161,27,'frequency_exponent',1.97149017815013122278e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(162,27,'student_options.spatial_dropout',5.14945510433102715541e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.125, "log": false}}');
INSERT INTO "trial_params" VALUES(163,28,'lr',0.002,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0003, "high": 0.01, "log": true}}');
INSERT INTO "trial_params" VALUES(164,28,'warmup_fraction',0.05,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(165,28,'batch_size',256.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 64, "low": 64, "high": 1024}}');
INSERT INTO "trial_params" VALUES(166,28,'loss',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular", "multi-similarity"]}}');
INSERT INTO "trial_params" VALUES(167,28,'frequency_exponent',0.5,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 1.0, "log": false}}');
INSERT INTO "trial_params" VALUES(168,28,'student_options.byte_embedding_dim',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [16, 32]}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'fixed_params','{"lr": 0.002, "warmup_fraction": 0.05, "batch_size": 256, "loss": "cosine", "frequency_exponent": 0.5, "student_options.spatial_dropout": 0.0}');
INSERT INTO "trial_system_attributes" VALUES(2,4,'failed_trial','1');
INSERT INTO "trial_system_attributes" VALUES(3,4,'retry_history','[1]');
INSERT INTO "trial_system_attributes" VALUES(4,8,'tpe:relative_params:0','"{\"batch_size\": 128, \"frequency_exponent\": 0.5895569861465569, \"loss\": \"cosine\", \"lr\": 0.0003237361649451937, \"student_options.spatial_dropout\": 0.03042010942391107, \"warmup_fraction\": 0.18814795689159702}"');
INSERT INTO "trial_system_attributes" VALUES(5,9,'tpe:relative_params:0','"{\"batch_size\": 576, \"frequency_exponent\": 0.5189429225544132, \"loss\": \"cosine\", \"lr\": 0.006813340835442235, \"student_options.spatial_dropout\": 0.008721945899166372, \"warmup_fraction\": 0.05968216152451695}"');
INSERT INTO "trial_system_attributes" VALUES(6,10,'tpe:relative_params:0','"{\"batch_size\": 320, \"frequency_exponent\": 0.07845093628997152, \"loss\": \"cosine\", \"lr\": 0.001441709771163575, \"student_options.spatial_dropout\": 0.04705850289796239, \"warmup_fraction\": 0.04590347340614214}"');
INSERT INTO "trial_system_attributes" VALUES(7,11,'tpe:relative_params:0','"{\"batch_size\": 832, \"frequency_exponent\": 0.3940769182669715, \"loss\": \"cosine\", \"lr\": 0.00011964293913467198, \"student_options.spatial_dropout\": 0.10415169176432817, \"warmup_fraction\": 0.19029115064179208}"');
INSERT INTO "trial_system_attributes" VALUES(8,12,'tpe:relative_params:0','"{\"batch_size\": 768, \"frequency_exponent\": 0.059924188249652954, \"loss\": \"cosine\", \"lr\": 0.008728041078419877, \"student_options.spatial_dropout\": 0.009925247336724766, \"warmup_fraction\": 0.01308894577965556}"');
INSERT INTO "trial_system_attributes" VALUES(9,13,'tpe:relative_params:0','"{\"batch_size\": 128, \"frequency_exponent\": 0.7506827538106748, \"loss\": \"cosine\", \"lr\": 0.0005002015114611432, \"student_options.spatial_dropout\": 0.029087948656331332, \"warmup_fraction\": 0.16930549400477632}"');
INSERT INTO "trial_system_attributes" VALUES(10,14,'tpe:relative_params:0','"{\"batch_size\": 448, \"frequency_exponent\": 0.8356762691797025, \"loss\": \"cosine\", \"lr\": 0.00011587151440017922, \"student_options.spatial_dropout\": 0.025888721013042272, \"warmup_fraction\": 0.01982300700999498}"');
INSERT INTO "trial_system_attributes" VALUES(11,15,'failed_trial','13');
INSERT INTO "trial_system_attributes" VALUES(12,15,'retry_history','[13]');
INSERT INTO "trial_system_attributes" VALUES(13,15,'tpe:relative_params:0','"{\"batch_size\": 448, \"frequency_exponent\": 0.8356762691797025, \"loss\": \"cosine\", \"lr\": 0.00011587151440017922, \"student_options.spatial_dropout\": 0.025888721013042272, \"warmup_fraction\": 0.01982300700999498}"');
INSERT INTO "trial_system_attributes" VALUES(14,16,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.4909384209368336, \"loss\": \"mec\", \"lr\": 0.007155992827071383, \"student_options.spatial_dropout\": 0.011992969766673866, \"warmup_fraction\": 0.11588576168959282}"');
INSERT INTO "trial_system_attributes" VALUES(15,17,'tpe:relative_params:0','"{\"batch_size\": 320, \"frequency_exponent\": 0.5209305496270893, \"loss\": \"cosine\", \"lr\": 0.0001377778610929959, \"student_options.spatial_dropout\": 0.058098578898615215, \"warmup_fraction\": 0.13031318714133563}"');
INSERT INTO "trial_system_attributes" VALUES(16,18,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.3562407021478927, \"loss\": \"cosine\", \"lr\": 0.0006160817600200177, \"student_options.spatial_dropout\": 0.009565932464739899, \"warmup_fraction\": 0.020052298257248743}"');
INSERT INTO "trial_system_attributes" VALUES(17,19,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.5686357813767509, \"loss\": \"cosine\", \"lr\": 0.00019221409735498268, \"student_options.spatial_dropout\": 0.0068094408085030995, \"warmup_fraction\": 0.006233779328873795}"');
INSERT INTO "trial_system_attributes" VALUES(18,20,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.43442643653718355, \"loss\": \"cosine\", \"lr\": 0.0011124783764386184, \"student_options.spatial_dropout\": 0.0005216907998724964, \"warmup_fraction\": 0.05377037473239463}"');
INSERT INTO "trial_system_attributes" VALUES(19,21,'failed_trial','18');
INSERT INTO "trial_system_attributes" VALUES(20,21,'retry_history','[18]');
INSERT INTO "trial_system_attributes" VALUES(21,21,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.5686357813767509, \"loss\": \"cosine\", \"lr\": 0.00019221409735498268, \"student_options.spatial_dropout\": 0.0068094408085030995, \"warmup_fraction\": 0.006233779328873795}"');
INSERT INTO "trial_system_attributes" VALUES(22,22,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.21862768796571802, \"loss\": \"multi-similarity\", \"lr\": 0.006791068503936362, \"student_options.spatial_dropout\": 0.0015449739887290828, \"warmup_fraction\": 0.08534222935863538}"');
INSERT INTO "trial_system_attributes" VALUES(23,23,'tpe:relative_params:0','"{\"batch_size\": 320, \"frequency_exponent\": 0.6578628764243367, \"loss\": \"cosine\", \"lr\": 0.0007839853803562843, \"student_options.spatial_dropout\": 0.007683032490065028, \"warmup_fraction\": 0.07676488841321717}"');
INSERT INTO "trial_system_attributes" VALUES(24,24,'tpe:relative_params:0','"{\"batch_size\": 128, \"frequency_exponent\": 0.5754843593359067, \"loss\": \"cosine\", \"lr\": 0.0025625670704094985, \"student_options.spatial_dropout\": 0.02026994661120523, \"warmup_fraction\": 0.11453359585517374}"');
INSERT INTO "trial_system_attributes" VALUES(25,25,'tpe:relative_params:0','"{\"batch_size\": 64, \"frequency_exponent\": 0.3196562156805762, \"loss\": \"cosine\", \"lr\": 0.0008232270419682783, \"student_options.spatial_dropout\": 0.022677941131326984, \"warmup_fraction\": 0.010026207819994627}"');
INSERT INTO "trial_system_attributes" VALUES(26,26,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.5756696276579423, \"loss\": \"cosine\", \"lr\": 0.0008043193966610412, \"student_options.spatial_dropout\": 0.03273759523942646, \"warmup_fraction\": 0.03112008311558112}"');
INSERT INTO "trial_system_attributes" VALUES(27,27,'tpe:relative_params:0','"{\"batch_size\": 192, \"frequency_exponent\": 0.19714901781501312, \"loss\": \"cosine\", \"lr\": 0.0003252764331013663, \"student_options.spatial_dropout\": 0.005149455104331027, \"warmup_fraction\": 0.04691337748338696}"');
INSERT INTO "trial_system_attributes" VALUES(28,28,'fixed_params','{"lr": 0.002, "warmup_fraction": 0.05, "batch_size": 256, "loss": "cosine", "frequency_exponent": 0.5, "student_options.byte_embedding_dim": 16}');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'distill.worker','"vm:1957"');
INSERT INTO "trial_user_attributes" VALUES(2,1,'distill.commit','"5e5c76f"');
INSERT INTO "trial_user_attributes" VALUES(3,1,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.0}, "loss": "cosine", "loss_options": {}, "epochs": 127, "recipe": "fast", "batch_size": 256, "lr": 0.002, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.002, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(4,1,'distill.mlflow_run','"0e8c6956d8d747d58fc7a23bf6227643"');
INSERT INTO "trial_user_attributes" VALUES(5,1,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9581645565351968, 0.9577977291005961]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.959329148582808, 0.9620848698258302]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.936695363720089, 0.9407328561533943]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9581645565351968, 0.9577977291005961]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.959329148582808, 0.9620848698258302]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.936695363720089, 0.9407328561533943]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9579730164963027, 0.9474336750889131]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.959287639952384, 0.9524167877603785]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9366623918833363, 0.9227355174506005]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9579730164963027, 0.9474336750889131]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.959287639952384, 0.9524167877603785]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9366623918833363, 0.9227355174506005]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(6,1,'distill.objectives.metrics','{"recall_at_1": 0.9165735189513261, "mean_cosine": 0.7992981672286987, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.6380187499967847, "english_weighted_cosine": 0.9362623899929627, "context_loss": 0.340361088514328, "heldout_token_cosine": 0.9515000977906262, "heldout_sentence_cosine": 0.9554760532328122, "heldout_similarity_spearman": 0.9383017169632198}');
INSERT INTO "trial_user_attributes" VALUES(7,2,'distill.worker','"vm:1957"');
INSERT INTO "trial_user_attributes" VALUES(8,2,'distill.commit','"5e5c76f"');
INSERT INTO "trial_user_attributes" VALUES(9,2,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.10225039017471571}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 103, "recipe": "fast", "batch_size": 384, "lr": 0.0023151773171662875, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1228682344737264, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.7773557876240395, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0023151773171662875, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(10,3,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(11,3,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(12,3,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.11172917707529255}, "loss": "multi-similarity", "loss_options": {}, "epochs": 82, "recipe": "fast", "batch_size": 64, "lr": 0.00016965477327528217, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.0961797884928583, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.48843218705677893, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.00016965477327528217, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(13,3,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(14,3,'distill.mlflow_run','"62ffee16d25d4f1f958403c82fd70e56"');
INSERT INTO "trial_user_attributes" VALUES(15,3,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.7926468118375177, 0.7945534614201697]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.791167940594553, 0.7994420947007771]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.7233819751771996, 0.7450303959531972]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.7926468118375177, 0.7945534614201697]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.791167940594553, 0.7994420947007771]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.7233819751771996, 0.7450303959531972]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.726565153751362, 0.7050054699415479]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.710434706967615, 0.6998830624239589]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.6552207849139574, 0.5739144074375254]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.726565153751362, 0.7050054699415479]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.710434706967615, 0.6998830624239589]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.6552207849139574, 0.5739144074375254]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(16,3,'distill.objectives.metrics','{"recall_at_1": 0.48592622700945026, "mean_cosine": 0.4565284848213196, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.40548779250920075, "english_weighted_cosine": 0.7113348053582468, "context_loss": 0.9739220142364502, "heldout_token_cosine": 0.719067165512325, "heldout_sentence_cosine": 0.699113040797051, "heldout_similarity_spearman": 0.6131336047710869}');
INSERT INTO "trial_user_attributes" VALUES(17,4,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(18,4,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.10225039017471571}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 105, "recipe": "fast", "batch_size": 384, "lr": 0.0023151773171662875, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.1228682344737264, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.7773557876240395, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0023151773171662875, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(19,4,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(20,4,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(21,4,'distill.mlflow_run','"9ddf4fa8b7f645ae97ef32ac0024d101"');
INSERT INTO "trial_user_attributes" VALUES(22,4,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.16971699736314608, 0.17550460024057027]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.18048571658226661, 0.18977583217047286]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.0576482534636612, 0.11088828820088914]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.16971699736314608, 0.17550460024057027]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.18048571658226661, 0.18977583217047286]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.0576482534636612, 0.11088828820088914]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.08841382839248355, 0.08469418877980407]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.05325832153012586, 0.05690766306597998]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.025875463557984705, -0.007081040624149999]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.08841382839248355, 0.08469418877980407]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.05325832153012586, 0.05690766306597998]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.025875463557984705, -0.007081040624149999]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(23,4,'distill.objectives.metrics','{"recall_at_1": 3.387189648748433e-05, "mean_cosine": -0.02141592837870121, "rel_norm_error": 85.75557708740234, "english_cosine": 0.014586976243361591, "english_weighted_cosine": 0.06447279195228922, "context_loss": 1.6698613166809082, "heldout_token_cosine": 0.08526131419497184, "heldout_sentence_cosine": 0.05508324446895441, "heldout_similarity_spearman": 0.03688198004382158}');
INSERT INTO "trial_user_attributes" VALUES(24,5,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(25,5,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(26,5,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.09310577957572819}, "loss": "triplet-euclidean", "loss_options": {}, "epochs": 107, "recipe": "fast", "batch_size": 832, "lr": 0.0005077130169621106, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.04753686762508061, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.594893183721371, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0005077130169621106, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 8, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(27,5,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(28,5,'distill.mlflow_run','"9adf4c3907114061a6eb30d6f7d083d8"');
INSERT INTO "trial_user_attributes" VALUES(29,5,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.29252206238873063, 0.3027666544708005]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.30693645809093795, 0.30470785420322055]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.272636913893491, 0.24707392194117925]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.29252206238873063, 0.3027666544708005]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.30693645809093795, 0.30470785420322055]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.272636913893491, 0.24707392194117925]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.1598859212055996, 0.16263057263065422]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.09931598586480642, 0.11130538234111309]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.14863915784717996, 0.07478320867216863]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.1598859212055996, 0.16263057263065422]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.09931598586480642, 0.11130538234111309]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.14863915784717996, 0.07478320867216863]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(30,5,'distill.objectives.metrics','{"recall_at_1": 0.0013548758594993733, "mean_cosine": 0.05595007538795471, "rel_norm_error": 16.621910095214844, "english_cosine": 0.042475600327111826, "english_weighted_cosine": 0.1365786446534129, "context_loss": 1.4397462606430054, "heldout_token_cosine": 0.1596406868239577, "heldout_sentence_cosine": 0.1058612919805593, "heldout_similarity_spearman": 0.12343077936545914}');
INSERT INTO "trial_user_attributes" VALUES(31,6,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(32,6,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(33,6,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.0879052176147902}, "loss": "multi-similarity", "loss_options": {}, "epochs": 126, "recipe": "fast", "batch_size": 704, "lr": 0.0006024968070414567, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.08806519552785058, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.2725977298057112, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0006024968070414567, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(34,6,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(35,7,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(36,7,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(37,7,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.06960744990502589}, "loss": "aec", "loss_options": {}, "epochs": 129, "recipe": "fast", "batch_size": 320, "lr": 0.0076555763301063996, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.04815244126204941, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.2565863716622049, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0076555763301063996, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(38,7,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(39,8,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(40,8,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(41,8,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.03042010942391107}, "loss": "cosine", "loss_options": {}, "epochs": 102, "recipe": "fast", "batch_size": 128, "lr": 0.0003237361649451937, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.18814795689159702, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5895569861465569, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0003237361649451937, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(42,8,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(43,8,'distill.mlflow_run','"14228eae34bb42289a3539d3343b6069"');
INSERT INTO "trial_user_attributes" VALUES(44,8,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.8799910600446381, 0.8814005145238257]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.8784979834381713, 0.8866645572560068]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8317021347144333, 0.8458759515522993]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.8799910600446381, 0.8814005145238257]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.8784979834381713, 0.8866645572560068]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8317021347144333, 0.8458759515522993]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.87037534563918, 0.8415987126784883]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.8659631695141053, 0.8462517316907883]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.7985209437142201, 0.7827132173406581]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.87037534563918, 0.8415987126784883]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.8659631695141053, 0.8462517316907883]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.7985209437142201, 0.7827132173406581]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(45,8,'distill.objectives.metrics','{"recall_at_1": 0.6976255800562273, "mean_cosine": 0.5841336846351624, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.505191837331369, "english_weighted_cosine": 0.8765422877494512, "context_loss": 0.6958897113800049, "heldout_token_cosine": 0.8613800655432705, "heldout_sentence_cosine": 0.8501935721840327, "heldout_similarity_spearman": 0.803548655019312}');
INSERT INTO "trial_user_attributes" VALUES(46,9,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(47,9,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(48,9,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.008721945899166372}, "loss": "cosine", "loss_options": {}, "epochs": 138, "recipe": "fast", "batch_size": 576, "lr": 0.006813340835442235, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05968216152451695, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5189429225544132, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.006813340835442235, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 10, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(49,9,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(50,10,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(51,10,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(52,10,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.04705850289796239}, "loss": "cosine", "loss_options": {}, "epochs": 130, "recipe": "fast", "batch_size": 320, "lr": 0.001441709771163575, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.04590347340614214, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.07845093628997152, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.001441709771163575, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(53,10,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(54,11,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(55,11,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(56,11,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.10415169176432817}, "loss": "cosine", "loss_options": {}, "epochs": 142, "recipe": "fast", "batch_size": 832, "lr": 0.00011964293913467198, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.19029115064179208, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.3940769182669715, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.00011964293913467198, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 10, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(57,11,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(58,12,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(59,12,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(60,12,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.009925247336724766}, "loss": "cosine", "loss_options": {}, "epochs": 139, "recipe": "fast", "batch_size": 768, "lr": 0.008728041078419877, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.01308894577965556, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.059924188249652954, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.008728041078419877, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 10, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(61,12,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(62,13,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(63,13,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(64,13,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.029087948656331332}, "loss": "cosine", "loss_options": {}, "epochs": 110, "recipe": "fast", "batch_size": 128, "lr": 0.0005002015114611432, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.16930549400477632, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.7506827538106748, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0005002015114611432, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 8, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(65,13,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(66,14,'distill.worker','"vm:8329"');
INSERT INTO "trial_user_attributes" VALUES(67,14,'distill.commit','"406e02e"');
INSERT INTO "trial_user_attributes" VALUES(68,14,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.025888721013042272}, "loss": "cosine", "loss_options": {}, "epochs": 140, "recipe": "fast", "batch_size": 448, "lr": 0.00011587151440017922, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.01982300700999498, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.8356762691797025, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.00011587151440017922, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 10, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(69,14,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(70,15,'distill.commit','"bea8235"');
INSERT INTO "trial_user_attributes" VALUES(71,15,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.025888721013042272}, "loss": "cosine", "loss_options": {}, "epochs": 137, "recipe": "fast", "batch_size": 448, "lr": 0.00011587151440017922, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.01982300700999498, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.8356762691797025, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.00011587151440017922, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 10, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(72,15,'distill.pace','{"table": 1.0524241222796444, "context": 0.8438614410112993}');
INSERT INTO "trial_user_attributes" VALUES(73,15,'distill.worker','"vm:777"');
INSERT INTO "trial_user_attributes" VALUES(74,16,'distill.worker','"vm:777"');
INSERT INTO "trial_user_attributes" VALUES(75,16,'distill.commit','"bea8235"');
INSERT INTO "trial_user_attributes" VALUES(76,16,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.011992969766673866}, "loss": "mec", "loss_options": {}, "epochs": 122, "recipe": "fast", "batch_size": 192, "lr": 0.007155992827071383, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.11588576168959282, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.4909384209368336, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.007155992827071383, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(77,16,'distill.pace','{"table": 1.0524241222796444, "context": 0.8438614410112993}');
INSERT INTO "trial_user_attributes" VALUES(78,17,'distill.worker','"vm:777"');
INSERT INTO "trial_user_attributes" VALUES(79,17,'distill.commit','"bea8235"');
INSERT INTO "trial_user_attributes" VALUES(80,17,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.058098578898615215}, "loss": "cosine", "loss_options": {}, "epochs": 123, "recipe": "fast", "batch_size": 320, "lr": 0.0001377778610929959, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.13031318714133563, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5209305496270893, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0001377778610929959, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(81,17,'distill.pace','{"table": 1.0524241222796444, "context": 0.8438614410112993}');
INSERT INTO "trial_user_attributes" VALUES(82,18,'distill.worker','"vm:777"');
INSERT INTO "trial_user_attributes" VALUES(83,18,'distill.commit','"bea8235"');
INSERT INTO "trial_user_attributes" VALUES(84,18,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.009565932464739899}, "loss": "cosine", "loss_options": {}, "epochs": 90, "recipe": "fast", "batch_size": 64, "lr": 0.0006160817600200177, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.020052298257248743, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.3562407021478927, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0006160817600200177, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(85,18,'distill.pace','{"table": 1.0524241222796444, "context": 0.8438614410112993}');
INSERT INTO "trial_user_attributes" VALUES(86,18,'distill.mlflow_run','"597d4b079d3b459690f40ff926312d13"');
INSERT INTO "trial_user_attributes" VALUES(87,18,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9456815200500523, 0.9465465850612799]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.948940786428548, 0.952641938851102]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9249571247492144, 0.9333005328511269]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9456815200500523, 0.9465465850612799]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.948940786428548, 0.952641938851102]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9249571247492144, 0.9333005328511269]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9399189284173921, 0.9278057454965118]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9438231456938977, 0.9334825343904058]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.917557757173443, 0.8990979808810505]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9399189284173921, 0.9278057454965118]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9438231456938977, 0.9334825343904058]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.917557757173443, 0.8990979808810505]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(88,18,'distill.objectives.metrics','{"recall_at_1": 0.9160315686075263, "mean_cosine": 0.7713750004768372, "rel_norm_error": 0.17459143698215485, "english_cosine": 0.619678764394806, "english_weighted_cosine": 0.8921361271839734, "context_loss": 0.4803418815135956, "heldout_token_cosine": 0.9355056130937741, "heldout_sentence_cosine": 0.9358222995708407, "heldout_similarity_spearman": 0.9076196250416344}');
INSERT INTO "trial_user_attributes" VALUES(89,19,'distill.worker','"vm:777"');
INSERT INTO "trial_user_attributes" VALUES(90,19,'distill.commit','"bea8235"');
INSERT INTO "trial_user_attributes" VALUES(91,20,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(92,20,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(93,20,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.0005216907998724964}, "loss": "cosine", "loss_options": {}, "epochs": 83, "recipe": "fast", "batch_size": 64, "lr": 0.0011124783764386184, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05377037473239463, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.43442643653718355, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0011124783764386184, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(94,20,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(95,20,'distill.mlflow_run','"457a2f1d452740e891c43fcd1375cf06"');
INSERT INTO "trial_user_attributes" VALUES(96,20,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9519398378815052, 0.950251076253266]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9550205740568505, 0.9558854869274009]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9319015064612964, 0.9321581135557498]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9519398378815052, 0.950251076253266]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9550205740568505, 0.9558854869274009]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9319015064612964, 0.9321581135557498]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9491636231058588, 0.9353414701489459]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9514509691502444, 0.9414196953473912]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9262332562442914, 0.9075755039390748]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9491636231058588, 0.9353414701489459]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9514509691502444, 0.9414196953473912]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9262332562442914, 0.9075755039390748]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(97,20,'distill.objectives.metrics','{"recall_at_1": 0.9155573620567016, "mean_cosine": 0.782050609588623, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.6250637979140887, "english_weighted_cosine": 0.9172866479400068, "context_loss": 0.41910016536712646, "heldout_token_cosine": 0.9429280080756837, "heldout_sentence_cosine": 0.9429713462819913, "heldout_similarity_spearman": 0.9218898278258549}');
INSERT INTO "trial_user_attributes" VALUES(98,21,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(99,21,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(100,21,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.0068094408085030995}, "loss": "cosine", "loss_options": {}, "epochs": 80, "recipe": "fast", "batch_size": 64, "lr": 0.00019221409735498268, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.006233779328873795, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5686357813767509, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.00019221409735498268, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(101,21,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(102,22,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(103,22,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(104,22,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.0015449739887290828}, "loss": "multi-similarity", "loss_options": {}, "epochs": 71, "recipe": "fast", "batch_size": 64, "lr": 0.006791068503936362, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.08534222935863538, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.21862768796571802, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.006791068503936362, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 5, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(105,22,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(106,23,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(107,23,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(108,23,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.007683032490065028}, "loss": "cosine", "loss_options": {}, "epochs": 126, "recipe": "fast", "batch_size": 320, "lr": 0.0007839853803562843, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.07676488841321717, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.6578628764243367, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0007839853803562843, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 9, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(109,23,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(110,24,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(111,24,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(112,24,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.02026994661120523}, "loss": "cosine", "loss_options": {}, "epochs": 108, "recipe": "fast", "batch_size": 128, "lr": 0.0025625670704094985, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.11453359585517374, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5754843593359067, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0025625670704094985, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 8, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(113,24,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(114,24,'distill.mlflow_run','"d27637d5fc7f4de79f70d51f03da0dac"');
INSERT INTO "trial_user_attributes" VALUES(115,24,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9214928745080271, 0.9231785062242395]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9223873153210316, 0.9282121355513366]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8945817311683256, 0.896632260724173]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9214928745080271, 0.9231785062242395]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9223873153210316, 0.9282121355513366]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8945817311683256, 0.896632260724173]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.925922960060314, 0.9119527126031]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9246921457372591, 0.9175801452956462]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8972341691978807, 0.8727666292850133]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.925922960060314, 0.9119527126031]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9246921457372591, 0.9175801452956462]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.8972341691978807, 0.8727666292850133]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(116,24,'distill.objectives.metrics','{"recall_at_1": 0.8678318599058361, "mean_cosine": 0.7049548029899597, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.5854780707075146, "english_weighted_cosine": 0.9181539981025476, "context_loss": 0.5318662524223328, "heldout_token_cosine": 0.9122629545652099, "heldout_sentence_cosine": 0.9186323443461261, "heldout_similarity_spearman": 0.8840884632127257}');
INSERT INTO "trial_user_attributes" VALUES(117,25,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(118,25,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(119,25,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.022677941131326984}, "loss": "cosine", "loss_options": {}, "epochs": 86, "recipe": "fast", "batch_size": 64, "lr": 0.0008232270419682783, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.010026207819994627, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.3196562156805762, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0008232270419682783, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 6, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(120,25,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(121,25,'distill.mlflow_run','"730c8db098134767947b7a16121a77ba"');
INSERT INTO "trial_user_attributes" VALUES(122,25,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9398427856770953, 0.9414964638426824]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9450509912246015, 0.9489714164898381]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9185041776238378, 0.9257282246011116]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9398427856770953, 0.9414964638426824]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9450509912246015, 0.9489714164898381]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9185041776238378, 0.9257282246011116]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9328036470949795, 0.9184254633941343]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9350564402433851, 0.925305293569597]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.896662716431776, 0.8832307432200278]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9328036470949795, 0.9184254633941343]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9350564402433851, 0.925305293569597]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.896662716431776, 0.8832307432200278]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(123,25,'distill.objectives.metrics','{"recall_at_1": 0.9149815398164143, "mean_cosine": 0.7628341913223267, "rel_norm_error": 0.17459142208099365, "english_cosine": 0.612378337141695, "english_weighted_cosine": 0.8730691469282759, "context_loss": 0.5542145371437073, "heldout_token_cosine": 0.9291562482828017, "heldout_sentence_cosine": 0.9313165729012769, "heldout_similarity_spearman": 0.9045410555081542}');
INSERT INTO "trial_user_attributes" VALUES(124,26,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(125,26,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(126,26,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.03273759523942646}, "loss": "cosine", "loss_options": {}, "epochs": 104, "recipe": "fast", "batch_size": 192, "lr": 0.0008043193966610412, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.03112008311558112, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5756696276579423, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0008043193966610412, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(127,26,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(128,27,'distill.worker','"vm:13198"');
INSERT INTO "trial_user_attributes" VALUES(129,27,'distill.commit','"3989293+"');
INSERT INTO "trial_user_attributes" VALUES(130,27,'distill.config','{"teacher": "embedded", "student": "retvec-w1344", "student_options": {"spatial_dropout": 0.005149455104331027}, "loss": "cosine", "loss_options": {}, "epochs": 114, "recipe": "fast", "batch_size": 192, "lr": 0.0003252764331013663, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.04691337748338696, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.19714901781501312, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.0003252764331013663, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 8, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(131,27,'distill.pace','{"table": 1.0138376473530006, "context": 0.8560114919379691}');
INSERT INTO "trial_user_attributes" VALUES(132,28,'distill.worker','"vm:25184"');
INSERT INTO "trial_user_attributes" VALUES(133,28,'distill.commit','"255b3d8+"');
INSERT INTO "trial_user_attributes" VALUES(134,28,'distill.config','{"teacher": "embedded", "student": "bytescnn-tiny", "student_options": {"byte_embedding_dim": 16}, "loss": "cosine", "loss_options": {}, "epochs": 102, "recipe": "fast", "batch_size": 256, "lr": 0.002, "schedule": "warmup-cosine", "betas": [0.9, 0.999], "eps": 1e-08, "plateau_factor": 0.9, "plateau_patience": 10, "warmup_fraction": 0.05, "negative_window": 32, "vocab_sample": 0, "holdout": 0.0, "augment": 0.0, "augment_noise": "", "augment_copies": 4, "augment_share": 0.8, "typo_pretrain_epochs": 0, "typo_pretrain_rate": 0.1, "frequency_exponent": 0.5, "frequency_source": "wordfreq", "keep_special_rows": true, "whole_word_epochs": 0, "whole_word_table_weight": 3.0, "whole_word_lr": 0.002, "whole_word_count": 250000, "corpus": "wiki", "context_epochs": 7, "context_lr": 0.0005, "context_batch_size": 32, "context_steps_per_epoch": 50, "context_max_length": 64, "context_layers": [-1], "context_loss": "cosine", "context_token_weight": 1.0, "context_sentence_weight": 1.0, "context_table_weight": 1.0, "context_noise": "typo:0.1; hlm; human", "context_noise_share": 0.5, "context_one_position": false, "context_word_alignment": false, "seed": 0, "device": "auto", "bf16": null, "compile": false, "eval_every": 5, "checkpoint_every": 5, "work_dir": ".distill/runs"}');
INSERT INTO "trial_user_attributes" VALUES(135,28,'distill.pace','{"table": 1.0, "context": 1.0}');
INSERT INTO "trial_user_attributes" VALUES(136,28,'distill.mlflow_run','"13b76c0144a24ee7b17d10520f056d35"');
INSERT INTO "trial_user_attributes" VALUES(137,28,'distill.score_table','{"seeds": [0, 1], "values": [{"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0000000000000002, 1.0000000000000002]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9468195405883238, 0.9478006322381778]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9478984468050362, 0.9517207263497126]}, {"model": "student", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9194672018903951, 0.9262160006950255]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.9468195405883238, 0.9478006322381778]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9478984468050362, 0.9517207263497126]}, {"model": "student-vocabfree", "dataset": "wiki:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9194672018903951, 0.9262160006950255]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [1.0, 1.0000000000000002]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [1.0, 1.0]}, {"model": "baseline", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [1.0, 1.0]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.949381431511711, 0.9418901170263436]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9503422307897431, 0.9458281909993093]}, {"model": "student", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9243048248577858, 0.9156812842932438]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "token_cosine", "values": [0.949381431511711, 0.9418901170263436]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "sentence_cosine", "values": [0.9503422307897431, 0.9458281909993093]}, {"model": "student-vocabfree", "dataset": "pydoc+stdlib:heldout", "task": "fidelity", "metric": "similarity_spearman", "values": [0.9243048248577858, 0.9156812842932438]}], "fingerprints": [{"dataset": "wiki:heldout", "task": "fidelity", "seed": 0, "fingerprint": "af4ec03b58c8"}, {"dataset": "wiki:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cb3364cc8813"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 0, "fingerprint": "c46ff0993f72"}, {"dataset": "pydoc+stdlib:heldout", "task": "fidelity", "seed": 1, "fingerprint": "cadbbc160f2e"}]}');
INSERT INTO "trial_user_attributes" VALUES(138,28,'distill.objectives.metrics','{"recall_at_1": 0.9186735765335501, "mean_cosine": 0.7607002258300781, "rel_norm_error": 0.17459143698215485, "english_cosine": 0.6119700780588071, "english_weighted_cosine": 0.9270432077521081, "context_loss": 0.4191031754016876, "heldout_token_cosine": 0.9427573817587116, "heldout_sentence_cosine": 0.9440284454617532, "heldout_similarity_spearman": 0.9206069093727558}');
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
INSERT INTO "trial_values" VALUES(1,1,0,9.5585221385638119429e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,3,0,0.705158884695787,'FINITE');
INSERT INTO "trial_values" VALUES(3,4,0,5.50829922980529199105e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,5,0,1.0531068410295975346e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,6,0,5.85960984230041503906e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,7,0,-3.45057249069213867187e-03,'FINITE');
INSERT INTO "trial_values" VALUES(7,8,0,8.5610745060244686222e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,9,0,4.58686411380767822265e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,10,0,8.03682088851928710937e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,11,0,2.04986065626144409179e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,12,0,3.46340417861938476562e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,13,0,1.82826951146125793457e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,15,0,1.49879530072212219238e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,16,0,-3.78491939045488834381e-03,'FINITE');
INSERT INTO "trial_values" VALUES(15,17,0,2.08933874964714050292e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,18,0,9.38652840042151770383e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,20,0,9.46435332248817817735e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,21,0,0.595635175704956,'FINITE');
INSERT INTO "trial_values" VALUES(19,22,0,1.21009513735771179199e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,23,0,2.17794150114059448242e-01,'FINITE');
INSERT INTO "trial_values" VALUES(21,24,0,9.21136145516452620185e-01,'FINITE');
INSERT INTO "trial_values" VALUES(22,25,0,0.930180866906491,'FINITE');
INSERT INTO "trial_values" VALUES(23,26,0,3.40072572231292724609e-01,'FINITE');
INSERT INTO "trial_values" VALUES(24,27,0,2.59061902761459350585e-01,'FINITE');
INSERT INTO "trial_values" VALUES(25,28,0,9.48085210894526131397e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-12-05 09:12:52.902580','2026-12-05 09:40:32.277142');
INSERT INTO "trials" VALUES(2,1,1,'FAIL','2026-12-05 09:40:33.269144','2026-12-05 10:19:09.529796');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-12-05 09:45:06.435497','2026-12-05 10:19:08.636463');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-12-05 10:19:09.568976','2026-12-05 10:38:25.551661');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-12-05 10:38:26.029361','2026-12-05 10:57:52.640202');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-12-05 10:57:53.217769','2026-12-05 11:09:54.001949');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-12-05 11:09:54.767211','2026-12-05 11:11:24.936146');
INSERT INTO "trials" VALUES(8,7,1,'COMPLETE','2026-12-05 11:11:25.594817','2026-12-05 11:32:48.109578');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-12-05 11:32:48.594335','2026-12-05 11:38:49.113190');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-12-05 11:38:49.769507','2026-12-05 11:50:13.862556');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-12-05 11:50:14.552777','2026-12-05 11:51:37.845136');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-12-05 11:51:38.584187','2026-12-05 11:54:43.600579');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-12-05 11:54:44.225350','2026-12-05 11:56:57.572102');
INSERT INTO "trials" VALUES(14,13,1,'FAIL','2026-12-05 11:56:58.292203','2026-12-05 12:09:10.389905');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-12-05 12:09:10.438268','2026-12-05 12:12:02.560594');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-12-05 12:12:03.974337','2026-12-05 12:13:58.709900');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-12-05 12:13:59.441942','2026-12-05 12:16:05.499154');
INSERT INTO "trials" VALUES(18,17,1,'COMPLETE','2026-12-05 12:16:06.127404','2026-12-05 12:54:31.197628');
INSERT INTO "trials" VALUES(19,18,1,'FAIL','2026-12-05 12:54:31.762457','2026-12-05 13:17:16.095799');
INSERT INTO "trials" VALUES(20,19,1,'COMPLETE','2026-12-05 12:54:47.861271','2026-12-05 13:17:15.177308');
INSERT INTO "trials" VALUES(21,20,1,'PRUNED','2026-12-05 13:17:16.127226','2026-12-05 13:30:58.474654');
INSERT INTO "trials" VALUES(22,21,1,'PRUNED','2026-12-05 13:30:59.218499','2026-12-05 13:34:16.453575');
INSERT INTO "trials" VALUES(23,22,1,'PRUNED','2026-12-05 13:34:17.211251','2026-12-05 13:35:46.346407');
INSERT INTO "trials" VALUES(24,23,1,'COMPLETE','2026-12-05 13:35:47.092676','2026-12-05 13:55:40.892852');
INSERT INTO "trials" VALUES(25,24,1,'COMPLETE','2026-12-05 13:55:41.440082','2026-12-05 14:15:06.695399');
INSERT INTO "trials" VALUES(26,25,1,'PRUNED','2026-12-05 14:15:07.238020','2026-12-05 14:16:44.956550');
INSERT INTO "trials" VALUES(27,26,1,'PRUNED','2026-12-05 14:16:45.658628','2026-12-05 14:18:19.722465');
INSERT INTO "trials" VALUES(28,0,2,'COMPLETE','2026-12-05 14:19:05.496021','2026-12-05 14:52:52.850237');
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
