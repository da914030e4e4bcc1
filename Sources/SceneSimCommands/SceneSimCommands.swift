// SceneSimCommands: module placeholder until its issue lands.
