// The Babel setup babel-jest needs to turn ESM into CommonJS for Jest.
module.exports = { presets: [['@babel/preset-env', { targets: { node: 'current' } }]] };
