// Draws each Vega-Lite chart of a lesson's outputs (written into the page as JSON by
// docs/_ext/borsen_docs.py) with vega-embed, loaded from the site itself.
document.querySelectorAll(".borsen-chart").forEach((element) => {
  const spec = JSON.parse(element.querySelector("script").textContent);
  vegaEmbed(element, spec, { actions: false, renderer: "svg" }).catch((error) => {
    element.textContent = String(error);
    console.error(error);
  });
});
