export default { displayName: 'redis-state', preset: '../../jest.preset.js' };
