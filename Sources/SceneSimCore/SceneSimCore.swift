// SceneSimCore: module placeholder until its issue lands.
