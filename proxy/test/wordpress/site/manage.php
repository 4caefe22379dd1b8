<?php
/**
 * The WordPress suite's hands on the site, run with `php manage.php <command> ...` as the site's
 * user: install it, switch permalinks, the plugin, and make users with application passwords.
 * Prints one JSON line.
 */
define('WP_INSTALLING', $argv[1] === 'install');
$_SERVER['HTTP_HOST'] = parse_url(getenv('WORDPRESS_URL'), PHP_URL_HOST) . ':' . parse_url(getenv('WORDPRESS_URL'), PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
require getenv('WORDPRESS_ROOT') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$command = $argv[1];
$out = array('ok' => true);
if ($command === 'install') {
	wp_install('Lovelace & Byron', 'admin', 'admin@lovelace-law.example', false, '', wp_generate_password(20));
	update_option('siteurl', getenv('WORDPRESS_URL'));
	update_option('home', getenv('WORDPRESS_URL'));
} elseif ($command === 'permalinks') {
	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure($argv[2] === 'plain' ? '' : '/%postname%/');
	$wp_rewrite->flush_rules();
} elseif ($command === 'plugin') {
	update_option('active_plugins', $argv[2] === 'on' ? array('enquiries/enquiries.php') : array());
} elseif ($command === 'user') {
	$id = wp_insert_user(array(
		'user_login' => $argv[2],
		'user_pass' => $argv[4],
		'user_email' => $argv[2] . '@lovelace-law.example',
		'role' => $argv[3],
	));
	if (is_wp_error($id)) {
		fwrite(STDERR, $id->get_error_message() . "\n");
		exit(1);
	}
	list($password) = WP_Application_Passwords::create_new_application_password($id, array('name' => 'enquiry form'));
	$out['applicationPassword'] = WP_Application_Passwords::chunk_password($password);
}
echo json_encode($out), "\n";
