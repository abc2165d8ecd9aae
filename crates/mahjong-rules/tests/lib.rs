mod unit_placeholder {}
