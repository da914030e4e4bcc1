// SceneSimTestSupport: module placeholder until its issue lands.
