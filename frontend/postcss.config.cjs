// Mantine's PostCSS preset: its mixins, rem() and light-dark() in the console's CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
