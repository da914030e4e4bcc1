// GoldenRunner: module placeholder until its issue lands.
